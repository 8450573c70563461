// Fundflow UI kit: presentational, controlled components. Import from 'ui' only.
// Its base stylesheets (tokens.css, ui.css) are imported once by the app's entry, src/index.tsx; a component only
// lazy flows use (Modal, Chips, AmountField, SelectField, DropZone) imports its own, so it loads with those flows.

export { cx } from './cx';
export { VisuallyHidden, Stack, Inline } from './layout';
export type { Space, VisuallyHiddenProps, StackProps, InlineProps } from './layout';
export { Button, buttonClassName } from './Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './Button';
export { Spinner, SpinnerGlyph, FullScreenLoader } from './Spinner';
export type { SpinnerProps, SpinnerSize, FullScreenLoaderProps } from './Spinner';
export { sanitizeAmountInput } from './amount';
export { TextField, UNRECORDED } from './fields';
export type { TextFieldProps } from './fields';
export { AmountField } from './AmountField';
export type { AmountFieldProps } from './AmountField';
export { SelectField } from './SelectField';
export type { SelectFieldProps, SelectOption } from './SelectField';
export { Chips } from './Chips';
export type { ChipsProps, ChipOption } from './Chips';
export { Modal } from './Modal';
export type { ModalProps } from './Modal';
export { useFocusOnStepChange } from './stepFocus';
export { ToastViewport } from './Toast';
export type { ToastViewportProps, ToastItem, ToastTone } from './Toast';
export { ListRow, List } from './ListRow';
export type { ListRowProps, ListProps } from './ListRow';
export { OptionsMenu } from './OptionsMenu';
export type { OptionsMenuProps, OptionsMenuItem } from './OptionsMenu';
export { ListboxSelect } from './ListboxSelect';
export type { ListboxSelectProps, ListboxSelectOption } from './ListboxSelect';
export { EmptyState, ErrorState } from './States';
export type { EmptyStateProps, ErrorStateProps } from './States';
export { Card } from './Card';
export type { CardProps } from './Card';
export { AppShell, AuthShell, PageHeader, Wordmark, BrandMark } from './AppShell';
export type { AppShellProps, AuthShellProps, PageHeaderProps, NavItem } from './AppShell';
export { Badge, Amount, Stat, Notice, formatCents } from './display';
export type { BadgeProps, BadgeTone, AmountProps, AmountSize, StatProps, NoticeProps, NoticeTone } from './display';
export {
  BankIcon,
  CardIcon,
  WireIcon,
  CheckCircleIcon,
  AlertIcon,
  InfoIcon,
  ChevronRightIcon,
  ChevronDownIcon,
  CloseIcon,
  MoreIcon,
  HelpIcon,
  LogoutIcon,
  MenuIcon,
  SearchIcon,
} from './icons';
export { MicroDepositIcon, ChevronLeftIcon, PlusIcon, ShieldIcon, ClockIcon } from './flowIcons';
export type { IconProps } from './icons';
