/** The words of the portfolio's details (positions, balances, high-yield cash). */
export const PortfolioDetailsMessages = {
  valueTitle: 'Portfolio value',
  loading: 'Loading your portfolio',
  loadFailed: "We couldn't load your portfolio",
  positionsTitle: 'Positions',
  noPositions: 'No investments yet',
  noPositionsBody: 'Once you invest, your stocks, ETFs, crypto, options, bonds and Treasuries appear here.',
  buyingPower: 'Buying power',
  availableToWithdraw: 'Available to withdraw',
  pendingDeposits: 'Pending deposits',
  depositsOnHold: 'Deposits on hold',
  pendingWithdrawals: 'Pending withdrawals',
  pendingDepositsHint: 'On the way from your bank; added when they settle.',
  onHoldHint:
    'Ready to invest now; can be withdrawn once its hold ends (a bank deposit when it settles, a debit-card deposit after 120 days).',
  highYieldTitle: 'High-yield cash',
  highYieldLoading: 'Loading your high-yield cash balance',
  treasuriesLink: 'Explore U.S. Treasuries',
  owedTitle: (owed: string) => `Your buying power is below zero: you owe ${owed}`,
} as const;
