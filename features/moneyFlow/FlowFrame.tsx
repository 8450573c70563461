import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Modal } from '../../ui';
import { BarPage } from './BarPage';
import { TitlePage } from './TitlePage';

export type FlowPresentation = 'modal' | 'page';

/** What a flow's own page frame is given (the debit card's, the bank link's): the frame draws them as it looks. */
export interface FlowPageProps {
  title: string;
  onBack?: () => void;
  /** The page's own close (the bank link's close icon), as the dialog's close button. */
  onClose: () => void;
  step?: string;
  width?: number;
  children: ReactNode;
}

export interface FlowFrameProps {
  /** A dialog over the page the customer was on, or a page (a route) of its own. */
  presentation: FlowPresentation;
  title: string;
  /** The flow's class block ('ff-deposit', 'ff-ira-deposit', 'ff-transfer'): on the dialog and on the page. */
  block: string;
  /**
   * How the flow looks as a page. 'bar': a bar with Back and Cancel above a title that takes focus when the step
   * changes (deposit, withdrawal). 'title': the title only; the steps show Cancel and Back in their own body,
   * taken from useFlowPageButtons() (IRA deposit, transfer). A component: the flow's own page look (debit card,
   * bank link); its steps also get Cancel and Back from useFlowPageButtons().
   */
  page: 'bar' | 'title' | ComponentType<FlowPageProps>;
  /** The dialog's close button, Escape and backdrop. */
  onClose: () => void;
  /** Back, when the step has one (the review): the dialog's back arrow, or the page's Back. */
  onBack?: () => void;
  /** Cancel on a page, while the step has one (until a result screen, whose own buttons close the flow). */
  onCancel?: () => void;
  /** The flow's current step: when it changes, focus moves to the title (see useFocusOnStepChange). */
  step?: string;
  /** The dialog's width in px, and the 'title' page's largest width. */
  width?: number;
  /** The dialog's fixed height in px (the bank link's). */
  height?: number;
  /** In a dialog, what leaving the flow for another route closes first (see useFlowLeave); unused on a page. */
  onLeave?: () => void;
  /** Another class on the 'bar' page (the withdrawal's). */
  className?: string;
  /** A dialog over the flow (the limit dialog). */
  overlay?: ReactNode;
  /**
   * A first dialog before the flow (the IRA match welcome). In a dialog it stands in for the flow, and closing it
   * closes the flow too (it gets the flow's close); over a page it is only dismissed (it gets undefined).
   */
  intro?: (closeFlow: (() => void) | undefined) => ReactNode;
  children: ReactNode;
}

/** What a 'title' page's steps show in their body: Cancel (the first step) and Back (the review). */
export interface FlowPageButtons {
  onCancel?: () => void;
  onBack?: () => void;
}

const PageButtons = createContext<FlowPageButtons>({});

/** Cancel and Back for a step's own body: set only on a 'title' page or a flow's own page (a dialog and a 'bar' page have their own). */
export const useFlowPageButtons = () => useContext(PageButtons);

const Leave = createContext<(() => void) | undefined>(undefined);

/**
 * What a step calls when it leaves the flow for another route: in a dialog, the frame's onLeave (its host closes the
 * dialog); on a page, undefined (the new route replaces the page, nothing to close).
 */
export const useFlowLeave = () => useContext(Leave);

/**
 * The one place that decides how a money flow is framed: as a dialog (Modal, with its close button and back
 * arrow) or as a page ('bar' or 'title'). Every money flow (deposit, IRA deposit, transfer, withdrawal) uses it.
 */
export function FlowFrame(props: FlowFrameProps) {
  const { presentation, title, block, onClose, onBack, step, width, height, overlay, intro, children } = props;
  if (presentation === 'modal') {
    const introDialog = intro?.(onClose);
    if (introDialog) return introDialog;
    return (
      <Leave.Provider value={props.onLeave}>
        <Modal open title={title} onClose={onClose} width={width} height={height} onBack={onBack} step={step} className={block}>
          {children}
        </Modal>
        {overlay}
      </Leave.Provider>
    );
  }
  if (typeof props.page !== 'string') {
    const Page = props.page;
    return (
      <>
        <PageButtons.Provider value={{ onCancel: props.onCancel, onBack }}>
          <Page title={title} onBack={onBack} onClose={onClose} step={step} width={width}>
            {children}
          </Page>
        </PageButtons.Provider>
        {intro?.(undefined)}
        {overlay}
      </>
    );
  }
  if (props.page === 'bar') {
    return (
      <>
        <BarPage title={title} onBack={onBack} onCancel={props.onCancel} step={step} className={props.className}>
          {children}
          {overlay}
        </BarPage>
        {intro?.(undefined)}
      </>
    );
  }
  return (
    <>
      <PageButtons.Provider value={{ onCancel: props.onCancel, onBack }}>
        <TitlePage block={block} title={title} step={step} style={width === undefined ? undefined : { maxWidth: width }}>
          {children}
        </TitlePage>
      </PageButtons.Provider>
      {intro?.(undefined)}
      {overlay}
    </>
  );
}
