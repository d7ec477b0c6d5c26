export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { LanguageSwitch, type LanguageSwitchProps } from './LanguageSwitch.tsx';
export { LoadingScreen, type LoadingScreenProps } from './LoadingScreen.tsx';
export { formatChf, Money, type MoneyProps } from './Money.tsx';
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
export { TextField, type TextFieldProps } from './TextField.tsx';
