import { useState, type ReactNode } from 'react';
import {
  AlertIcon,
  Amount,
  AmountField,
  AppShell,
  AuthShell,
  Badge,
  BankIcon,
  Button,
  buttonClassName,
  Card,
  CardIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  Chips,
  ClockIcon,
  CloseIcon,
  EmptyState,
  ErrorState,
  FullScreenLoader,
  HelpIcon,
  InfoIcon,
  Inline,
  List,
  ListRow,
  LogoutIcon,
  MicroDepositIcon,
  Modal,
  MoreIcon,
  Notice,
  OptionsMenu,
  PageHeader,
  PlusIcon,
  SelectField,
  ShieldIcon,
  Spinner,
  Stack,
  Stat,
  TextField,
  ToastViewport,
  WireIcon,
  sanitizeAmountInput,
  type NavItem,
  type ToastItem,
} from './index';
import { amountInputToCents, DAILY_BANK_DEPOSIT_LIMIT_CENTS, formatCents, iraLimitsFor, LimitMessages } from '../api/contract/values';

// Dev-only page (/dev/ui-gallery): every component in its states, for review and screenshots.
// Query: ?modal=deposit|bank|remove opens a modal at load; ?view=auth shows the AuthShell page.

type GalleryModal = 'deposit' | 'bank' | 'remove' | null;

function readQuery(name: string): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(name);
}

const presetAmounts = [100, 500, 1000, 2500].map((dollars) => ({
  value: String(dollars),
  label: formatCents(dollars * 100, { whole: true }),
}));

const fromOptions = [
  { value: 'chase', label: 'Chase Checking ••4821', description: 'Arrives in 1–3 business days · No fee' },
  { value: 'visa', label: 'Visa debit ••4242', description: 'Instant · Up to $5,000 a day' },
  { value: 'hyca', label: 'High-Yield Cash ••0917', description: 'Instant transfer between your accounts' },
];

const toOptions = [
  { value: 'brokerage', label: 'Individual Brokerage ••3310' },
  { value: 'roth', label: 'Roth IRA ••7752' },
  { value: 'traditional', label: 'Traditional IRA ••1208', disabled: true },
];

const frequencyOptions = [
  { value: 'once', label: 'One time' },
  { value: 'weekly', label: 'Every week' },
  { value: 'biweekly', label: 'Every 2 weeks' },
  { value: 'monthly', label: 'Every month' },
];

const nav: NavItem[] = [
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/transfers', label: 'Transfers', active: true },
  { to: '/funding-methods', label: 'Funding methods' },
  { to: '/retirement', label: 'Retirement' },
  { to: '/settings', label: 'Settings' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <Stack gap={5}>{children}</Stack>
    </Card>
  );
}

function Subhead({ children }: { children: ReactNode }) {
  return <h3 className="ff-gallery__subhead">{children}</h3>;
}

function DepositForm({ compact = false }: { compact?: boolean }) {
  const [preset, setPreset] = useState<string | null>('500');
  const [amount, setAmount] = useState('500');
  const [from, setFrom] = useState('chase');
  const [to, setTo] = useState('brokerage');
  const [frequency, setFrequency] = useState('once');
  const [submitting, setSubmitting] = useState(false);
  const cents = amountInputToCents(sanitizeAmountInput(amount)) ?? 0;
  const tooLarge = cents > DAILY_BANK_DEPOSIT_LIMIT_CENTS;
  return (
    <Stack gap={6}>
      <AmountField
        label="Amount"
        hideLabel
        size="lg"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setPreset(presetAmounts.some((option) => option.value === value) ? value : null);
        }}
        error={tooLarge ? LimitMessages.dailyBank : undefined}
        hint={compact ? undefined : `Deposits up to ${formatCents(DAILY_BANK_DEPOSIT_LIMIT_CENTS, { whole: true })} a day`}
      />
      <Chips
        label="Preset amounts"
        hideLabel
        className="ff-gallery__chips"
        options={presetAmounts}
        value={preset}
        onChange={(value) => {
          setPreset(value);
          setAmount(value);
        }}
      />
      <SelectField label="From" value={from} onChange={setFrom} options={fromOptions} />
      <SelectField label="To" value={to} onChange={setTo} options={toOptions} />
      {compact ? null : <SelectField label="Frequency" value={frequency} onChange={setFrequency} options={frequencyOptions} />}
      {compact ? null : (
        <Button
          fullWidth
          loading={submitting}
          disabled={tooLarge || cents === 0}
          onClick={() => {
            setSubmitting(true);
            window.setTimeout(() => setSubmitting(false), 1500);
          }}
        >
          Next
        </Button>
      )}
    </Stack>
  );
}

function FundingMethods({ onRemove }: { onRemove: () => void }) {
  return (
    <List label="Funding methods">
      <ListRow
        icon={<BankIcon />}
        title="Chase Checking"
        badge="(Default)"
        subtitle="Checking ••4821"
        trailing={
          <OptionsMenu
            label="Options for Chase Checking"
            items={[
              { id: 'nickname', label: 'Set nickname', onSelect: () => {} },
              { id: 'default', label: 'Set as Default', onSelect: () => {}, disabled: true, hint: 'Already your default' },
              { id: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
            ]}
          />
        }
      />
      <ListRow
        icon={<CardIcon />}
        title="Visa debit"
        subtitle="Expires 08/28 · ••4242"
        trailing={
          <OptionsMenu
            label="Options for Visa debit"
            items={[
              { id: 'update', label: 'Update debit card', onSelect: () => {} },
              { id: 'default', label: 'Set as Default', onSelect: () => {} },
              { id: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
            ]}
          />
        }
      />
      <ListRow
        icon={<MicroDepositIcon />}
        title="Ally Savings"
        subtitle="Verify the two small deposits to finish"
        trailing={<Badge tone="warning">Pending</Badge>}
      />
    </List>
  );
}

function ChooseMethod({ onChoose }: { onChoose: () => void }) {
  return (
    <List label="Ways to add money">
      <ListRow
        icon={<BankIcon />}
        title="Bank account"
        subtitle="Connect instantly with your bank login"
        trailing={<Badge tone="success">Recommended</Badge>}
        onClick={onChoose}
      />
      <ListRow icon={<CardIcon />} title="Debit card" subtitle="Instant deposits, up to $5,000 a day" onClick={onChoose} />
      <ListRow icon={<WireIcon />} title="Wire transfer" subtitle="For large amounts; your bank may charge a fee" onClick={onChoose} />
      <ListRow
        icon={<MicroDepositIcon />}
        title="Microdeposit"
        subtitle="Enter account and routing numbers · 1–3 days"
        onClick={onChoose}
      />
      <ListRow icon={<BankIcon />} title="Another bank" subtitle="Limit reached: up to three bank accounts" onClick={onChoose} disabled />
    </List>
  );
}

function AuthPreview() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  return (
    <AuthShell
      title="Log in to Fundflow"
      subtitle="Welcome back. Use the demo login from the README."
      footer={
        <Inline gap={2} justify="center">
          <ShieldIcon size={16} />
          <span>Your connection is encrypted.</span>
        </Inline>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
        }}
        noValidate
      >
        <Stack gap={5}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={submitted && !email ? 'Enter your email' : undefined}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={submitted && !password ? 'Enter your password' : undefined}
          />
          <Button type="submit" fullWidth>
            Log in
          </Button>
          <a href="?" className={buttonClassName('ghost', 'md', true)}>
            Back to the gallery
          </a>
        </Stack>
      </form>
    </AuthShell>
  );
}

export default function Gallery() {
  const [modal, setModal] = useState<GalleryModal>(() => {
    const requested = readQuery('modal');
    return requested === 'deposit' || requested === 'bank' || requested === 'remove' ? requested : null;
  });
  const [bankStep, setBankStep] = useState(0);
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [loader, setLoader] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [nickname, setNickname] = useState('My checking');
  const [routing, setRouting] = useState('12345');

  if (readQuery('view') === 'auth') return <AuthPreview />;

  const pushToast = (tone: ToastItem['tone'], message: string) =>
    setToasts((current) => [...current, { id: `${Date.now()}-${current.length}`, tone, message }]);

  return (
    <AppShell
      nav={nav}
      renderLink={(item, className) => (
        <a href={`#${item.to.slice(1)}`} className={className} aria-current={item.active ? 'page' : undefined}>
          {item.label}
        </a>
      )}
      headerEnd={
        <>
          <button type="button" className="ff-icon-button" aria-label="Help">
            <HelpIcon />
          </button>
          <Button variant="secondary" size="sm">
            <LogoutIcon size={16} />
            Sign out
          </Button>
        </>
      }
      footer={<p>Securities offered through Fundflow Brokerage LLC, member FINRA/SIPC. Gallery of the Fundflow UI kit.</p>}
    >
      <style>{galleryCss}</style>
      <PageHeader
        title="UI gallery"
        subtitle="Every Fundflow component in its states."
        actions={
          <a href="?view=auth" className={buttonClassName('secondary', 'sm')}>
            AuthShell page
          </a>
        }
      />

      <div className="ff-gallery__grid">
        <Card title="Deposit funds">
          <DepositForm />
        </Card>

        <Stack gap={6}>
          <Section title="Accounts">
            <Inline gap={8} align="start">
              <Stat label="Available to invest" value={<Amount cents={125050} />} hint="Includes $250.00 pending" />
              <Stat label="Deposited this year" value={<Amount cents={700000} />} />
            </Inline>
            <Stack gap={2} align="start">
              <Amount cents={125000} size="xl" />
              <span className="ff-gallery__caption">will be deposited</span>
            </Stack>
            <Inline gap={4} align="baseline">
              <Amount cents={1999} size="sm" />
              <Amount cents={1999} />
              <Amount cents={123456789} size="lg" />
            </Inline>
            <Inline gap={2}>
              <Badge tone="neutral">Draft</Badge>
              <Badge tone="success">Completed</Badge>
              <Badge tone="warning">Pending</Badge>
              <Badge tone="danger">Failed</Badge>
              <Badge tone="info">Recurring</Badge>
            </Inline>
          </Section>

          <Section title="Notices">
            <Notice
              tone="warning"
              icon={<AlertIcon />}
              title="Restore your bank account connection"
              action={
                <Button size="sm" variant="secondary">
                  Relink
                </Button>
              }
            >
              Chase needs you to log in again before you can deposit.
            </Notice>
            <Notice tone="info" icon={<InfoIcon />}>
              Most people can contribute up to {formatCents(iraLimitsFor(2025).limitCents, { whole: true })} for 2025.
            </Notice>
            <Notice tone="success" icon={<CheckCircleIcon />} title="Bank account added!" />
            <Notice tone="danger" icon={<AlertIcon />} title="Deposit limit reached">
              {LimitMessages.dailyBank}
            </Notice>
          </Section>
        </Stack>
      </div>

      <Stack gap={6} className="ff-gallery__stack">
        <Section title="Buttons">
          <Inline gap={3}>
            <Button>Deposit</Button>
            <Button variant="secondary">Edit amount</Button>
            <Button variant="ghost">Learn more</Button>
            <Button variant="danger">Remove</Button>
          </Inline>
          <Inline gap={3}>
            <Button size="sm">Small</Button>
            <Button size="sm" variant="secondary">
              <PlusIcon size={16} />
              Add funding method
            </Button>
            <Button size="sm" variant="ghost">
              Details
              <ChevronRightIcon size={16} />
            </Button>
            <Button size="sm" variant="danger">
              Remove
            </Button>
          </Inline>
          <Inline gap={3}>
            <Button loading>Confirm</Button>
            <Button variant="secondary" loading>
              Saving
            </Button>
            <Button disabled>Disabled</Button>
            <Button variant="secondary" disabled>
              Disabled
            </Button>
            <a href="#main" className={buttonClassName('secondary')}>
              Link as a button
            </a>
          </Inline>
          <Button fullWidth>Full width</Button>
        </Section>

        <Section title="Form fields">
          <div className="ff-gallery__two">
            <TextField
              label="Nickname"
              value={nickname}
              onChange={(event) => setNickname(event.target.value)}
              hint="Shown in your funding methods"
              maxLength={30}
            />
            <TextField
              label="Routing number"
              inputMode="numeric"
              value={routing}
              onChange={(event) => setRouting(event.target.value.replace(/\D/g, '').slice(0, 9))}
              error={routing.length === 9 ? undefined : 'Enter the 9-digit routing number'}
            />
            <TextField label="Account number" disabled value="••••••4821" readOnly />
            <AmountField label="1st Amount" value="0.32" onChange={() => {}} hint="Between $0.01 and $0.99" />
            <AmountField label="2nd Amount" value="1.5" onChange={() => {}} error="That doesn't match what we sent" />
            <SelectField
              label="Contribution year"
              value=""
              placeholder="Choose a tax year"
              onChange={() => {}}
              options={[
                { value: '2025', label: '2025' },
                { value: '2024', label: '2024 (until April 15)' },
              ]}
              error="Choose a tax year"
            />
          </div>
          <Chips
            label="IRA contribution"
            options={[
              ...[500, 1000].map((dollars) => ({ value: String(dollars), label: formatCents(dollars * 100, { whole: true }) })),
              { value: 'max', label: 'Max', disabled: true },
            ]}
            value="1000"
            onChange={() => {}}
          />
        </Section>

        <Section title="Lists and menus">
          <Subhead>Manage funding methods</Subhead>
          <FundingMethods onRemove={() => setModal('remove')} />
          <Subhead>Choose a funding method</Subhead>
          <ChooseMethod onChoose={() => pushToast('info', 'You picked a funding method.')} />
        </Section>

        <Section title="Overlays">
          <Inline gap={3}>
            <Button variant="secondary" onClick={() => setModal('deposit')}>
              Deposit modal (496)
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setBankStep(0);
                setModal('bank');
              }}
            >
              Bank link (630 high, back)
            </Button>
            <Button variant="secondary" onClick={() => setModal('remove')}>
              Remove confirmation
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setLoader(true);
                window.setTimeout(() => setLoader(false), 2000);
              }}
            >
              Full-screen loader (2 s)
            </Button>
          </Inline>
          <Inline gap={3}>
            <Button variant="ghost" onClick={() => pushToast('success', 'Nickname saved')}>
              Success toast
            </Button>
            <Button variant="ghost" onClick={() => pushToast('info', 'Your deposit is on its way.')}>
              Info toast
            </Button>
            <Button variant="ghost" onClick={() => pushToast('error', 'Error while linking account')}>
              Error toast
            </Button>
          </Inline>
        </Section>

        <div className="ff-gallery__two">
          <Section title="Empty and error states">
            <EmptyState
              icon={<BankIcon size={28} />}
              title="No funding methods yet"
              body="Link up to three bank accounts and one debit card."
              action={<Button>Add funding method</Button>}
            />
            <ErrorState
              title="We couldn't load your deposits"
              body="Check your connection and try again."
              onRetry={() => pushToast('info', 'Retrying…')}
            />
          </Section>
          <Section title="Loading and icons">
            <Inline gap={6}>
              <Spinner size="sm" />
              <Spinner />
              <Spinner size="lg" label="Loading deposits" />
            </Inline>
            <Inline gap={4} className="ff-gallery__icons">
              <BankIcon title="Bank" />
              <CardIcon title="Card" />
              <WireIcon title="Wire" />
              <MicroDepositIcon title="Microdeposit" />
              <CheckCircleIcon title="Done" />
              <AlertIcon title="Alert" />
              <InfoIcon title="Info" />
              <ClockIcon title="Pending" />
              <ShieldIcon title="Secure" />
              <ChevronLeftIcon title="Previous" />
              <ChevronRightIcon title="Next" />
              <CloseIcon title="Close" />
              <MoreIcon title="More" />
              <HelpIcon title="Help" />
              <LogoutIcon title="Log out" />
              <PlusIcon title="Add" />
            </Inline>
          </Section>
        </div>
      </Stack>

      <Modal
        open={modal === 'deposit'}
        title="Deposit funds"
        onClose={() => setModal(null)}
        footer={
          <Button fullWidth onClick={() => setModal(null)}>
            Review deposit
          </Button>
        }
      >
        <DepositForm compact />
      </Modal>

      <Modal
        open={modal === 'bank'}
        title={bankStep === 0 ? 'Link a bank' : 'Account type'}
        height={630}
        onClose={() => setModal(null)}
        onBack={bankStep > 0 ? () => setBankStep(bankStep - 1) : undefined}
        footer={
          <Button fullWidth onClick={() => (bankStep === 0 ? setBankStep(1) : setModal(null))}>
            {bankStep === 0 ? 'Next' : 'Done'}
          </Button>
        }
      >
        {bankStep === 0 ? (
          <Stack gap={5}>
            <p className="ff-gallery__lead">Choose how you want to connect. Most people link with their bank login.</p>
            <ChooseMethod onChoose={() => setBankStep(1)} />
          </Stack>
        ) : (
          <Stack gap={5}>
            <TextField label="Account number" inputMode="numeric" autoFocus />
            <TextField label="Routing number" inputMode="numeric" hint="9 digits, on the bottom of a check" />
          </Stack>
        )}
      </Modal>

      <Modal
        open={modal === 'remove'}
        title="Remove funding method"
        onClose={() => setModal(null)}
        footer={
          <>
            <Button
              variant="danger"
              fullWidth
              loading={removing}
              onClick={() => {
                setRemoving(true);
                window.setTimeout(() => {
                  setRemoving(false);
                  setModal(null);
                  pushToast('success', 'Funding method removed');
                }, 1200);
              }}
            >
              Remove
            </Button>
            <Button variant="secondary" fullWidth onClick={() => setModal(null)}>
              Cancel
            </Button>
          </>
        }
      >
        <Stack gap={3}>
          <p>Confirm that you want to remove your funding method.</p>
          <p className="ff-gallery__muted">Adding another funding source could require extra verification.</p>
        </Stack>
      </Modal>

      {loader ? <FullScreenLoader message="Switching to Roth IRA..." /> : null}
      <ToastViewport toasts={toasts} onDismiss={(id) => setToasts((current) => current.filter((toast) => toast.id !== id))} />
    </AppShell>
  );
}

// Layout of the gallery page itself (not part of the kit).
const galleryCss = `
.ff-gallery__grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--ff-space-6); align-items: start; }
.ff-gallery__two { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--ff-space-6); align-items: start; }
.ff-gallery__stack { margin-top: var(--ff-space-6); }
.ff-gallery__subhead { font-size: var(--ff-text-sm); font-weight: var(--ff-weight-semibold); color: var(--ff-color-text-muted); text-transform: uppercase; letter-spacing: 0.06em; }
.ff-gallery__caption, .ff-gallery__muted { color: var(--ff-color-text-muted); font-size: var(--ff-text-sm); }
.ff-gallery__lead { color: var(--ff-color-text-muted); }
.ff-gallery__chips .ff-chips__list { justify-content: center; }
.ff-gallery__icons { color: var(--ff-color-text-muted); }
@media (max-width: 759.98px) {
  .ff-gallery__grid, .ff-gallery__two { grid-template-columns: minmax(0, 1fr); }
}
`;
