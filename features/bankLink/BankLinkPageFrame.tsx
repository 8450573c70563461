import { ChevronLeftIcon, CloseIcon } from '../../ui';
import type { FlowPageProps } from '../moneyFlow/FlowFrame';

/** The link-bank flow as a page (FlowFrame's page for it): Back, the title and Close in a header, then the step. */
export function BankLinkPageFrame({ title, onBack, onClose, children }: FlowPageProps) {
  return (
    <section className="ff-bank-link-page" aria-labelledby="ff-bank-link-title">
      <header className="ff-bank-link-page__header">
        <div className="ff-bank-link-page__slot">
          {onBack ? (
            <button type="button" className="ff-icon-button" onClick={onBack} aria-label="Back">
              <ChevronLeftIcon size={22} />
            </button>
          ) : null}
        </div>
        <h1 id="ff-bank-link-title" className="ff-bank-link-page__title">
          {title}
        </h1>
        <div className="ff-bank-link-page__slot ff-bank-link-page__slot--end">
          <button type="button" className="ff-icon-button" onClick={onClose} aria-label="Close">
            <CloseIcon size={22} />
          </button>
        </div>
      </header>
      {children}
    </section>
  );
}
