import { flightCalls } from '@flybook/schemas';
import { registerResources } from '../../app/resources.ts';

/**
 * The flight list as agents read it (agent/flight/list): active flights only, without total seats
 * or costs and without negative availability. Users with ROLE_FLIGHT_LIST use FLIGHTS instead.
 */
export const AGENT_FLIGHTS = 'agentFlights';

registerResources({ [AGENT_FLIGHTS]: { list: flightCalls.agentList } });
