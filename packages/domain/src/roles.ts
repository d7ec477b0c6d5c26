/**
 * The role catalogue: every role the platform knows, with the category the permissions page groups
 * it under and a short title and description in plain English (the locale files translate them by
 * role string). A role string outside this catalogue shows as category "unknown".
 */

/** The categories of the permissions page, exactly as the back-office spec names them. */
export const ROLE_CATEGORIES = [
  'account',
  'agent',
  'aircraft template',
  'allotment',
  'customer',
  'entity log',
  'flight',
  'flight company',
  'manager',
  'passenger',
  'payment',
  'rate',
  'reservation',
  'reservation list',
  'tariff',
  'transaction',
  'user',
] as const;

/** One of {@link ROLE_CATEGORIES}. */
export type RoleCategory = (typeof ROLE_CATEGORIES)[number];

/** A role with what the permissions page shows about it. */
export type RoleInfo = {
  readonly role: string;
  readonly category: RoleCategory;
  readonly title: string;
  readonly description: string;
};

const CATALOGUE = [
  // account
  {
    role: 'ROLE_ACCOUNT_LIST',
    category: 'account',
    title: 'List accounts',
    description: 'See the account list and choose accounts in balance-log filters and transactions.',
  },
  {
    role: 'ROLE_ACCOUNT_LIST_FREE',
    category: 'account',
    title: 'Use the account picker',
    description: 'Search accounts of agents and customers when recording a transaction.',
  },
  {
    role: 'ROLE_ACCOUNT_LIST_FREE_EXTENDED',
    category: 'account',
    title: 'Pick employee accounts',
    description: 'The account picker also offers the accounts of managers (employees).',
  },
  {
    role: 'ROLE_ACCOUNT_VIRTUAL_LIST_FREE',
    category: 'account',
    title: 'Pick virtual accounts',
    description: 'The account picker also offers virtual accounts such as cash desks and bank accounts.',
  },
  {
    role: 'ROLE_ACCOUNT_VIRTUAL_LIST',
    category: 'account',
    title: 'List virtual accounts',
    description: 'See the list of virtual accounts (cash desks, bank, revenue) of the airline.',
  },
  {
    role: 'ROLE_ACCOUNT_LIST_PAYMENT',
    category: 'account',
    title: 'List payment accounts',
    description: 'Load the cash, bank, transfer and card accounts that a payment is booked to.',
  },
  {
    role: 'ROLE_ACCOUNTING',
    category: 'account',
    title: 'Accountant',
    description: 'Accounting staff: the account picker offers every account of every kind.',
  },

  // agent
  {
    role: 'ROLE_AGENT_LIST',
    category: 'agent',
    title: 'List agents',
    description: 'See the agent list and pick agents, for example as billing user of a reservation.',
  },
  {
    role: 'ROLE_AGENT_READ',
    category: 'agent',
    title: 'View agents',
    description: "Open an agent's profile.",
  },
  {
    role: 'ROLE_AGENT_CREATE',
    category: 'agent',
    title: 'Create agents',
    description: 'Register a new travel agent.',
  },
  {
    role: 'ROLE_AGENT_UPDATE',
    category: 'agent',
    title: 'Update agents',
    description: "Save changes to an agent's profile.",
  },
  {
    role: 'ROLE_AGENT_UPDATE_FORM',
    category: 'agent',
    title: 'Edit the agent form',
    description: 'The agent form is editable; without this role it is read-only.',
  },
  {
    role: 'ROLE_AGENT_DELETE',
    category: 'agent',
    title: 'Delete agents',
    description: 'Remove an agent.',
  },
  {
    role: 'ROLE_AGENT_IS_ACTIVE',
    category: 'agent',
    title: 'Activate agents',
    description: 'See and change whether an agent is active.',
  },
  {
    role: 'ROLE_AGENT_FEE',
    category: 'agent',
    title: 'Agent monthly fee',
    description: "See and change an agent's monthly fee.",
  },
  {
    role: 'ROLE_AGENT_CREDIT_LIMIT',
    category: 'agent',
    title: 'Agent credit limit',
    description: 'See and change how far an agent may book beyond the balance of the account.',
  },
  {
    role: 'ROLE_AGENT_MARGIN',
    category: 'agent',
    title: 'Agent margin',
    description: "See and change an agent's margin, in percent or CHF.",
  },

  // aircraft template
  {
    role: 'ROLE_AIRCRAFT_TEMPLATE_LIST',
    category: 'aircraft template',
    title: 'List aircraft templates',
    description: 'Choose an aircraft seat map template for a flight.',
  },
  {
    role: 'ROLE_AIRCRAFT_TEMPLATE_READ',
    category: 'aircraft template',
    title: 'View aircraft templates',
    description: 'Open an aircraft template with its sections, seats and seat prices.',
  },
  {
    role: 'ROLE_AIRCRAFT_TEMPLATE_CREATE',
    category: 'aircraft template',
    title: 'Create aircraft templates',
    description: 'Add a seat-map template for an aircraft type: sections, seat flags and seat prices.',
  },
  {
    role: 'ROLE_AIRCRAFT_TEMPLATE_UPDATE',
    category: 'aircraft template',
    title: 'Edit aircraft templates',
    description: 'Change the sections, seat flags and seat prices of an aircraft template.',
  },
  {
    role: 'ROLE_AIRCRAFT_TEMPLATE_DELETE',
    category: 'aircraft template',
    title: 'Delete aircraft templates',
    description: 'Remove an aircraft template that no flight uses.',
  },

  // allotment
  {
    role: 'ROLE_ALLOTMENT_LIST',
    category: 'allotment',
    title: 'List all allotments',
    description: 'See the allotments and allotment invoices of every agent, with the agent filter.',
  },
  {
    role: 'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
    category: 'allotment',
    title: 'List own allotments',
    description: "An agent sees the agent's own allotments and allotment invoices.",
  },
  {
    role: 'ROLE_ALLOTMENT_READ',
    category: 'allotment',
    title: 'View flight allotments',
    description: 'See the seat blocks of a flight that are assigned to agents.',
  },
  {
    role: 'ROLE_ALLOTMENT_EDIT',
    category: 'allotment',
    title: 'Edit flight allotments',
    description: 'Assign, change and remove seat blocks of a flight for agents.',
  },
  {
    role: 'ROLE_ALLOTMENT_READ_COST_PER_SEAT',
    category: 'allotment',
    title: 'View allotment seat cost',
    description: 'See the cost per seat agreed for an allotment.',
  },
  {
    role: 'ROLE_ALLOTMENT_INVOICE_READ',
    category: 'allotment',
    title: 'View allotment invoices',
    description: "Download allotment invoice PDFs and see an agent's outstanding balance.",
  },
  {
    role: 'ROLE_ALLOTMENT_INVOICE_EDIT',
    category: 'allotment',
    title: 'Edit allotment invoices',
    description: 'Create, edit and delete invoices for allotments.',
  },
  {
    role: 'ROLE_ALLOTMENT_INVOICE_PAY',
    category: 'allotment',
    title: 'Pay allotment invoices',
    description: 'Record a cash or transfer payment on an allotment invoice.',
  },

  // customer
  {
    role: 'ROLE_CUSTOMER_LIST',
    category: 'customer',
    title: 'List customers',
    description: 'See the customer list and pick customers, for example as billing user of a reservation.',
  },
  {
    role: 'ROLE_CUSTOMER_READ',
    category: 'customer',
    title: 'View customers',
    description: "Open a customer's profile.",
  },
  {
    role: 'ROLE_CUSTOMER_CREATE',
    category: 'customer',
    title: 'Create customers',
    description: 'Register a new customer.',
  },
  {
    role: 'ROLE_CUSTOMER_UPDATE',
    category: 'customer',
    title: 'Update customers',
    description: "Edit and save a customer's profile.",
  },
  {
    role: 'ROLE_CUSTOMER_DELETE',
    category: 'customer',
    title: 'Delete customers',
    description: 'Remove a customer.',
  },
  {
    role: 'ROLE_CUSTOMER_IS_ACTIVE',
    category: 'customer',
    title: 'Activate customers',
    description: 'See and change whether a customer is active.',
  },

  // entity log
  {
    role: 'ROLE_ENTITY_LOG_LIST',
    category: 'entity log',
    title: 'View the event log',
    description: 'See who created, changed or deleted which record and when.',
  },

  // flight
  {
    role: 'ROLE_FLIGHT_LIST',
    category: 'flight',
    title: 'List all flights',
    description: 'See the full flight list with every filter.',
  },
  {
    role: 'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
    category: 'flight',
    title: 'List flights as agent',
    description: 'See the flight list offered to agents, without seat totals.',
  },
  {
    role: 'ROLE_FLIGHT_READ',
    category: 'flight',
    title: 'View flights',
    description: 'Open a flight with its tariff seats, seat map and allotments.',
  },
  {
    role: 'ROLE_FLIGHT_CREATE',
    category: 'flight',
    title: 'Create flights',
    description: 'Create a single flight.',
  },
  {
    role: 'ROLE_FLIGHT_CREATE_SEQUENCE',
    category: 'flight',
    title: 'Create flight sequences',
    description: 'Create repeating flights on chosen weekdays, and unassign or delete sequences.',
  },
  {
    role: 'ROLE_FLIGHT_UPDATE',
    category: 'flight',
    title: 'Update flights',
    description: 'Change a flight, its times, aircraft and tariff seats.',
  },
  {
    role: 'ROLE_FLIGHT_DELETE',
    category: 'flight',
    title: 'Delete flights',
    description: 'Delete flights that have no reservations.',
  },
  {
    role: 'ROLE_FLIGHT_ACTIVE',
    category: 'flight',
    title: 'Activate flights',
    description: 'Activate and deactivate flights for sale.',
  },
  {
    role: 'ROLE_FLIGHT_STATUS',
    category: 'flight',
    title: 'Change flight status',
    description: 'Cancel a flight or mark it as departed.',
  },
  {
    role: 'ROLE_FLIGHT_BOOKED_OUT',
    category: 'flight',
    title: 'Book out flights',
    description: 'Mark a flight as booked out, or open it for sale again.',
  },
  {
    role: 'ROLE_FLIGHT_DELAYED',
    category: 'flight',
    title: 'Delay flights',
    description: 'Mark a flight as delayed and notify its passengers.',
  },
  {
    role: 'ROLE_FLIGHT_READ_TURNOVER_INFO',
    category: 'flight',
    title: 'View flight turnover',
    description: 'See the turnover of a flight and use the turnover list.',
  },
  {
    role: 'ROLE_FLIGHT_READ_COST_PER_SEAT',
    category: 'flight',
    title: 'View seat cost',
    description: 'See the cost per seat of each tariff group on a flight.',
  },
  {
    role: 'ROLE_FLIGHT_CREATE_COST_PER_SEAT',
    category: 'flight',
    title: 'Set seat cost on new flights',
    description: 'Enter the cost per seat when creating a flight.',
  },
  {
    role: 'ROLE_FLIGHT_UPDATE_COST_PER_SEAT',
    category: 'flight',
    title: 'Change seat cost',
    description: 'Change the cost per seat of an existing flight.',
  },
  {
    role: 'ROLE_FLIGHT_READ_SEAT_NUMBER',
    category: 'flight',
    title: 'View seat numbers',
    description: 'See the total number of seats per tariff group on a flight.',
  },
  {
    role: 'ROLE_FLIGHT_CREATE_SEAT_NUMBER',
    category: 'flight',
    title: 'Set seat numbers on new flights',
    description: 'Enter the number of seats per tariff group when creating a flight.',
  },
  {
    role: 'ROLE_FLIGHT_UPDATE_SEAT_NUMBER',
    category: 'flight',
    title: 'Change seat numbers',
    description: 'Change the number of seats per tariff group of an existing flight.',
  },

  // flight company
  {
    role: 'ROLE_FLIGHT_COMPANY_LIST',
    category: 'flight company',
    title: 'List airline companies',
    description: 'See the airline companies and choose one for a flight.',
  },
  {
    role: 'ROLE_FLIGHT_COMPANY_READ',
    category: 'flight company',
    title: 'View airline companies',
    description: 'Open an airline company.',
  },
  {
    role: 'ROLE_FLIGHT_COMPANY_CREATE',
    category: 'flight company',
    title: 'Create airline companies',
    description: 'Add an airline company that operates flights.',
  },
  {
    role: 'ROLE_FLIGHT_COMPANY_UPDATE',
    category: 'flight company',
    title: 'Update airline companies',
    description: 'Change the name or code of an airline company.',
  },
  {
    role: 'ROLE_FLIGHT_COMPANY_DELETE',
    category: 'flight company',
    title: 'Delete airline companies',
    description: 'Remove an airline company.',
  },

  // manager
  {
    role: 'ROLE_MANAGER_LIST',
    category: 'manager',
    title: 'List employees',
    description: 'See the list of managers (employees) with their balances.',
  },
  {
    role: 'ROLE_MANAGER_READ',
    category: 'manager',
    title: 'View employees',
    description: "Open a manager's profile.",
  },
  {
    role: 'ROLE_MANAGER_EDIT',
    category: 'manager',
    title: 'Create and edit employees',
    description: 'Create managers and edit their profiles.',
  },
  {
    role: 'ROLE_MANAGER_DELETE',
    category: 'manager',
    title: 'Delete employees',
    description: 'Remove a manager.',
  },

  // passenger
  {
    role: 'ROLE_FLIGHT_PASSENGER_LIST',
    category: 'passenger',
    title: 'View passenger lists',
    description: 'Open the passenger list of a flight, with PAX list, PNL and passenger report.',
  },
  {
    role: 'ROLE_FLIGHT_PASSENGER_LIST_BULK_ACTIONS',
    category: 'passenger',
    title: 'Passenger bulk actions',
    description: 'Select several passengers on a passenger list and mark them at once.',
  },
  {
    role: 'ROLE_FLIGHT_PASSENGER_MARKING',
    category: 'passenger',
    title: 'Mark passengers',
    description: 'Mark passengers as appeared or no-show, and as notified.',
  },
  {
    role: 'ROLE_FLIGHT_PASSENGER_SEAT',
    category: 'passenger',
    title: 'Assign passenger seats',
    description: 'Assign, change or remove the seat of a passenger on the passenger list.',
  },
  {
    role: 'ROLE_FLIGHT_PASSENGER_PNL',
    category: 'passenger',
    title: 'Send PNL and ADL',
    description: "Record a flight's PNL, or its ADL since the last message, as sent to departure control.",
  },

  // payment
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
    category: 'payment',
    title: 'Pay reservations',
    description: 'Open the payment page of a reservation and record a payment.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT',
    category: 'payment',
    title: 'Partial payments',
    description: 'Record a payment of less than the outstanding amount.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
    category: 'payment',
    title: 'Cash payments',
    description: 'Record a reservation payment in cash at a cash desk.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
    category: 'payment',
    title: 'Bank card (EC) payments',
    description: 'Record a reservation payment by bank card at a terminal.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
    category: 'payment',
    title: 'Bank transfer payments',
    description: 'Record a reservation payment received by bank transfer.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
    category: 'payment',
    title: 'Account payments',
    description: "Pay a reservation from the owner's account balance and credit limit.",
  },
  {
    role: 'ROLE_PAYMENT_DATATRANS',
    category: 'payment',
    title: 'Card payments',
    description: 'Pay a reservation online by card through the card payment provider.',
  },

  // rate (options are managed in the Rates section, so their roles are listed with rates)
  {
    role: 'ROLE_RATE_LIST',
    category: 'rate',
    title: 'List rates',
    description: 'See the rates (price models) and choose one for a flight.',
  },
  {
    role: 'ROLE_RATE_READ',
    category: 'rate',
    title: 'View rates',
    description: 'Open a rate with its prices and fees per tariff.',
  },
  {
    role: 'ROLE_RATE_CREATE',
    category: 'rate',
    title: 'Create rates',
    description: 'Add a rate with standard and round prices, child and infant percentages and fees.',
  },
  {
    role: 'ROLE_RATE_UPDATE',
    category: 'rate',
    title: 'Update rates',
    description: 'Change the prices and fees of a rate.',
  },
  {
    role: 'ROLE_RATE_DELETE',
    category: 'rate',
    title: 'Delete rates',
    description: 'Remove a rate or an option that nothing uses.',
  },
  {
    role: 'ROLE_RESERVATION_OPTION_LIST',
    category: 'rate',
    title: 'List options',
    description: 'See the bookable options such as travel insurance.',
  },
  {
    role: 'ROLE_RESERVATION_OPTION_CREATE',
    category: 'rate',
    title: 'Create options',
    description: 'Add a bookable option with its titles and price.',
  },
  {
    role: 'ROLE_RESERVATION_OPTION_UPDATE',
    category: 'rate',
    title: 'Update options',
    description: 'Change the titles, price or active state of an option.',
  },

  // reservation
  {
    role: 'ROLE_RESERVATION_READ',
    category: 'reservation',
    title: 'View reservations',
    description: 'Open a reservation with its passengers, flights and invoice.',
  },
  {
    role: 'ROLE_RESERVATION_CREATE',
    category: 'reservation',
    title: 'Create reservations',
    description: 'Book flights for customers in the back office.',
  },
  {
    role: 'ROLE_RESERVATION_UPDATE',
    category: 'reservation',
    title: 'Update reservations',
    description: 'Change flights, passengers, seats and options of a reservation.',
  },
  {
    role: 'ROLE_RESERVATION_SNAPSHOT_LIST',
    category: 'reservation',
    title: 'View reservation history',
    description: 'See every saved version of a reservation.',
  },
  {
    role: 'ROLE_RESERVATION_CREATE_CLOSED_FLIGHT',
    category: 'reservation',
    title: 'Book closed flights',
    description: 'Add a closed flight to a new reservation.',
  },
  {
    role: 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT',
    category: 'reservation',
    title: 'Change bookings on closed flights',
    description: 'Change a reservation on a flight that is closed.',
  },
  {
    role: 'ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT',
    category: 'reservation',
    title: 'Change bookings on departed flights',
    description: 'Change a reservation on a flight that has departed.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE',
    category: 'reservation',
    title: 'Set a specific price',
    description: 'Replace the calculated total of a reservation with an agreed price.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
    category: 'reservation',
    title: 'Payment by bill',
    description: 'Let a reservation be paid by bill with a deadline, and see the invoice overview.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_AIRPORT',
    category: 'reservation',
    title: 'Payment at the airport',
    description: 'Let a reservation be paid at the airport before departure.',
  },
  {
    role: 'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
    category: 'reservation',
    title: 'Payment later',
    description: 'Let an agent book now and pay later.',
  },
  {
    role: 'ROLE_RESERVATION_PAYMENT_TERMS_LATER_NEAR_DEPARTURE',
    category: 'reservation',
    title: 'Payment later near departure',
    description: 'Allow payment later also for flights departing within 48 hours.',
  },
  {
    role: 'ROLE_RESERVATION_HIDE_PRICE',
    category: 'reservation',
    title: 'Hide price',
    description: 'Hide the price on the tickets and documents of a reservation.',
  },
  {
    role: 'ROLE_RESERVATION_UPDATE_FEE',
    category: 'reservation',
    title: 'Change fee',
    description: 'Set the fee charged for changing an existing reservation.',
  },
  {
    role: 'ROLE_RESERVATION_CREATE_COMMENT',
    category: 'reservation',
    title: 'Comment reservations',
    description: 'Write the internal comment of a reservation.',
  },
  {
    role: 'ROLE_RESERVATION_CREATE_ACCOUNT',
    category: 'reservation',
    title: 'Create customer accounts',
    description: 'Create a customer login from the billing information while booking.',
  },
  {
    role: 'ROLE_RESERVATION_INFORMATION_FLAGS',
    category: 'reservation',
    title: 'Message preferences',
    description: 'Choose whether booking, bank and post information is sent to the billing contact.',
  },
  {
    role: 'ROLE_RESERVATION_SELECT_PASSENGER_USER_EXTENDED',
    category: 'reservation',
    title: 'Pick any known passenger',
    description: "Fill passengers from every user's earlier passengers, not only the owner's.",
  },
  {
    role: 'ROLE_RESERVATION_CHECK_SAME_PASSENGERS',
    category: 'reservation',
    title: 'Check duplicate passengers',
    description: 'Warn before saving when the same passenger is already booked on the flight.',
  },

  // reservation list
  {
    role: 'ROLE_RESERVATION_LIST',
    category: 'reservation list',
    title: 'List all reservations',
    description: 'See the reservations of every user.',
  },
  {
    role: 'ROLE_RESERVATION_USER_LIST',
    category: 'reservation list',
    title: 'Filter by owner and reservator',
    description: 'Search the users who own or made reservations, to filter the reservation list by them.',
  },
  {
    role: 'ROLE_RESERVATION_PASSENGER_LIST_FILTERS',
    category: 'reservation list',
    title: 'Search earlier passengers',
    description: "Find passengers of the owner's earlier reservations to fill a new booking.",
  },
  {
    role: 'ROLE_RESERVATION_CANCEL',
    category: 'reservation list',
    title: 'Cancel reservations',
    description: 'Cancel a reservation and set the cancellation fee.',
  },
  {
    role: 'ROLE_RESERVATION_SPLIT',
    category: 'reservation list',
    title: 'Split reservations',
    description: 'Move a passenger out of a reservation into a new one.',
  },
  {
    role: 'ROLE_RESERVATION_SMS',
    category: 'reservation list',
    title: 'Send SMS',
    description: 'Send an SMS to the passengers of the selected reservations.',
  },
  {
    role: 'ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID',
    category: 'reservation list',
    title: 'Tickets before payment',
    description: 'Download tickets of reservations that are not fully paid.',
  },
  {
    role: 'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
    category: 'reservation list',
    title: 'Invoices before payment',
    description: 'Download invoices of reservations that are not fully paid.',
  },

  // tariff
  {
    role: 'ROLE_TARIFF_LIST',
    category: 'tariff',
    title: 'List tariffs',
    description: 'See the tariffs (economy, economy plus, business) that rates price.',
  },
  {
    role: 'ROLE_TARIFF_GROUP_LIST',
    category: 'tariff',
    title: 'List tariff groups',
    description: 'See the tariff groups that flights sell seats in.',
  },

  // transaction
  {
    role: 'ROLE_BALANCE_LOG_RECORD_LIST',
    category: 'transaction',
    title: 'View the full balance log',
    description: 'See the balance log of any account.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
    category: 'transaction',
    title: 'View own balance log',
    description: "See the balance log and summary of the user's own account.",
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
    category: 'transaction',
    title: 'Transaction categories',
    description: 'See transaction categories and filter the balance log by category.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_SUMMARY_INFO',
    category: 'transaction',
    title: 'Balance summary',
    description: 'See the initial and final balance of an account over a period.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF',
    category: 'transaction',
    title: 'Transaction overview PDF',
    description: 'Download the transaction overview of an account as PDF.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK',
    category: 'transaction',
    title: 'Cashback',
    description: 'Pay cashback to an account and download the cashback PDF.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT',
    category: 'transaction',
    title: 'Prepaid deposits',
    description: "Record a prepaid deposit on an agent's or customer's account.",
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT',
    category: 'transaction',
    title: 'Settlements',
    description: 'Record the settlement of an account balance.',
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
    category: 'transaction',
    title: 'Charge account by card',
    description: "An agent tops up the agent's own account by card payment.",
  },
  {
    role: 'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
    category: 'transaction',
    title: 'Advanced transactions',
    description: 'Book any amount from a debit account to a credit account with a category.',
  },

  // user
  {
    role: 'ROLE_ADMIN',
    category: 'user',
    title: 'Administrator',
    description: 'Passes every permission check.',
  },
  {
    role: 'ROLE_USER_LIST',
    category: 'user',
    title: 'List users',
    description: 'See all users with their permission groups on the permissions page.',
  },
  {
    role: 'ROLE_USER_READ',
    category: 'user',
    title: 'View users',
    description: "Open a user's permission group and special roles.",
  },
  {
    role: 'ROLE_USER_READ_ACCOUNT',
    category: 'user',
    title: 'View user accounts',
    description: "See a user's account and balance, for example when choosing a billing user.",
  },
  {
    role: 'ROLE_USER_UPDATE_ROLES',
    category: 'user',
    title: 'Change permissions',
    description: "Change a user's permission group and special roles.",
  },
  {
    role: 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST',
    category: 'user',
    title: 'View assigned virtual accounts',
    description: 'See which virtual accounts (cash desks, bank) a user may book to.',
  },
  {
    role: 'ROLE_USER_VIRTUAL_ACCOUNTS_UPDATE',
    category: 'user',
    title: 'Assign virtual accounts',
    description: 'Change which virtual accounts a user may book to.',
  },
] as const satisfies readonly RoleInfo[];

/** A role string that is in the catalogue. */
export type KnownRole = (typeof CATALOGUE)[number]['role'];

/** Every known role, grouped by category in the order of {@link ROLE_CATEGORIES}. */
export const ROLE_CATALOGUE: readonly RoleInfo[] = CATALOGUE;

const BY_ROLE: ReadonlyMap<string, RoleInfo> = new Map(ROLE_CATALOGUE.map((info) => [info.role, info]));

/** The catalogue entry of a role, or undefined for a role the catalogue does not know. */
export function roleInfo(role: string): RoleInfo | undefined {
  return BY_ROLE.get(role);
}

/** Whether a role string is in the catalogue. */
export function isKnownRole(role: string): role is KnownRole {
  return BY_ROLE.has(role);
}

/** The category a role is listed under, or 'unknown' for a role outside the catalogue. */
export function roleCategory(role: string): RoleCategory | 'unknown' {
  return BY_ROLE.get(role)?.category ?? 'unknown';
}
