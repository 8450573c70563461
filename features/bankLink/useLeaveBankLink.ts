import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { useFlowLeave } from '../moneyFlow/FlowFrame';
import { PAGE_DONE_ROUTE } from './bankLinkCopy';
import { flowClosed } from './bankLinkSlice';
import { closeBankLink } from './bankLinkThunks';

/**
 * Leaving the link-bank flow from a step. To another page (a fallback, the nickname editor): the flow ends, the dialog
 * it was in closes (FlowFrame's useFlowLeave; on a page the new route replaces it) and the route changes. Done on the
 * success screen: a dialog closes; a page goes to PAGE_DONE_ROUTE (the add-funding-methods dialog).
 */
export function useLeaveBankLink() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const leave = useFlowLeave();
  const leaveTo = (path: string) => {
    dispatch(flowClosed());
    leave?.();
    void navigate(path);
  };
  const done = () => {
    if (!leave) return leaveTo(PAGE_DONE_ROUTE);
    dispatch(closeBankLink());
    leave();
  };
  return { leaveTo, done };
}
