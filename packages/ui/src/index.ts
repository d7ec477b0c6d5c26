export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { LanguageSwitch, type LanguageSwitchProps } from './LanguageSwitch.tsx';
export { LoadingScreen, type LoadingScreenProps } from './LoadingScreen.tsx';
export { Money, type MoneyProps } from './Money.tsx';
export { NotificationRegion, type NotificationRegionProps } from './Notifications.tsx';
export {
  createNotificationStore,
  NOTIFICATION_TIMEOUT_MS,
  type Notice,
  type NotificationKind,
  type NotificationStore,
  type NotifyInput,
  useNotifications,
} from './notifications.ts';
export { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
export { RequiredMark } from './RequiredMark.tsx';
export { bookableSeatPrices } from './seat-map/booking-seat-map.ts';
export {
  type SeatLegendState,
  SeatMap,
  type SeatMapLabels,
  type SeatMapProps,
  type SeatNameParts,
} from './seat-map/SeatMap.tsx';
export {
  SeatMapEditor,
  type SeatMapEditorLabels,
  type SeatMapEditorProps,
} from './seat-map/SeatMapEditor.tsx';
export {
  columnGroups,
  compareColumnLabels,
  connectedBlock,
  defaultAisleAfter,
  editorReducer,
  hasFlag,
  initialEditorState,
  parseSeatLabel,
  parseSeatPrice,
  SEAT_ACTION_FLAG,
  SEAT_MAP_ACTIONS,
  SEAT_PRICE_MAX,
  type SeatMapAction,
  type SeatMapEditorAction,
  type SeatMapEditorState,
  type SeatOverlay,
  type SeatPosition,
  type SeatRef,
  type SeatState,
  type SeatStateSection,
  seatAt,
  seatKey,
  seatMapFromStates,
  seatStateOf,
} from './seat-map/seat-map-model.ts';
export { TextField, type TextFieldProps } from './TextField.tsx';
