import { useState } from 'react';
import {
  AppShell,
  Button,
  buttonClassName,
  Card,
  FullScreenLoader,
  HelpIcon,
  LogoutIcon,
  PageHeader,
  Stack,
  ToastViewport,
  type NavItem,
  type ToastItem,
} from './index';
import { AccountsSection } from './gallery/AccountsSection';
import { ButtonsSection } from './gallery/ButtonsSection';
import { EmptyAndErrorSection } from './gallery/EmptyAndErrorSection';
import { FormFieldsSection } from './gallery/FormFieldsSection';
import { GalleryAuthPreview } from './gallery/GalleryAuthPreview';
import { GalleryBankLinkModal } from './gallery/GalleryBankLinkModal';
import { GalleryDepositForm } from './gallery/GalleryDepositForm';
import { GalleryDepositModal } from './gallery/GalleryDepositModal';
import { GalleryRemoveModal } from './gallery/GalleryRemoveModal';
import { ListsSection } from './gallery/ListsSection';
import { LoadingAndIconsSection } from './gallery/LoadingAndIconsSection';
import { NoticesSection } from './gallery/NoticesSection';
import { OverlaysSection } from './gallery/OverlaysSection';

// Dev-only page (/dev/ui-gallery): every component in its states, for review and screenshots.
// Query: ?modal=deposit|bank|remove opens a modal at load; ?view=auth shows the AuthShell page.

type GalleryModal = 'deposit' | 'bank' | 'remove' | null;

function readQuery(name: string): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(name);
}

const nav: NavItem[] = [
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/transfers', label: 'Transfers', active: true },
  { to: '/funding-methods', label: 'Funding methods' },
  { to: '/retirement', label: 'Retirement' },
  { to: '/settings', label: 'Settings' },
];

export default function Gallery() {
  const [modal, setModal] = useState<GalleryModal>(() => {
    const requested = readQuery('modal');
    return requested === 'deposit' || requested === 'bank' || requested === 'remove' ? requested : null;
  });
  const [bankStep, setBankStep] = useState(0);
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [loader, setLoader] = useState(false);

  if (readQuery('view') === 'auth') return <GalleryAuthPreview />;

  const pushToast = (tone: ToastItem['tone'], message: string) =>
    setToasts((current) => [...current, { id: `${Date.now()}-${current.length}`, tone, message }]);
  const close = () => setModal(null);

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
          <GalleryDepositForm />
        </Card>

        <Stack gap={6}>
          <AccountsSection />
          <NoticesSection />
        </Stack>
      </div>

      <Stack gap={6} className="ff-gallery__stack">
        <ButtonsSection />
        <FormFieldsSection />
        <ListsSection onRemove={() => setModal('remove')} onChoose={() => pushToast('info', 'You picked a funding method.')} />
        <OverlaysSection
          onOpen={(opened) => {
            if (opened === 'bank') setBankStep(0);
            setModal(opened);
          }}
          onShowLoader={() => {
            setLoader(true);
            window.setTimeout(() => setLoader(false), 2000);
          }}
          onToast={pushToast}
        />
        <div className="ff-gallery__two">
          <EmptyAndErrorSection onRetry={() => pushToast('info', 'Retrying…')} />
          <LoadingAndIconsSection />
        </div>
      </Stack>

      <GalleryDepositModal open={modal === 'deposit'} onClose={close} />
      <GalleryBankLinkModal open={modal === 'bank'} step={bankStep} onStep={setBankStep} onClose={close} />
      <GalleryRemoveModal open={modal === 'remove'} onClose={close} onRemoved={() => pushToast('success', 'Funding method removed')} />

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
