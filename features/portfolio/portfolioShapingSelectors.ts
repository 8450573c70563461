import { createSelector } from '@reduxjs/toolkit';
import { highYieldApi } from '../../api/highYieldApi';
import { portfolioApi, positionsAdapter } from '../../api/portfolioApi';
import type { RootState } from '../../store/rootReducer';
import { shapeHighYieldBalance, shapePortfolio, type ShapedPortfolio } from './portfolioShaping';

const selectHighYieldResult = highYieldApi.endpoints.getHighYieldAccount.select();
const { selectAll: selectAllPositions } = positionsAdapter.getSelectors();

const selectPortfolioData = (state: RootState, accountUuid: string) => portfolioApi.endpoints.getPortfolio.select(accountUuid)(state).data;
const selectHighYieldAccount = (state: RootState) => selectHighYieldResult(state).data?.highYieldAccount ?? null;

/**
 * The shaped portfolio of an account (section 3.5) from the RTK Query cache, with the high-yield balance; null until
 * the account's portfolio has loaded. Memoised on the cached answers, so a re-render shapes nothing again.
 */
export const selectShapedPortfolio = createSelector(
  [selectPortfolioData, selectHighYieldAccount],
  (data, highYieldAccount): ShapedPortfolio | null =>
    data ? shapePortfolio({ ...data, positions: selectAllPositions(data.positions) }, highYieldAccount) : null,
);

/** 3.5 highYieldAccountBalance on its own (the high-yield card shows it whichever account is selected). */
export const selectShapedHighYieldBalance = createSelector([selectHighYieldAccount], shapeHighYieldBalance);
