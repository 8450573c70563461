import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CryptoAsset, CryptoNetwork } from '../../api/contract';
import { CRYPTO_CATALOGUE } from '../../api/contract/values';
import { rootReducer } from '../../store/rootReducer';

/** What the customer picked on /settings/crypto-transfer: the asset and the network it will travel on. */
export interface CryptoTransferState {
  asset: CryptoAsset;
  network: CryptoNetwork;
}

/** The asset's first network: the one it travels on when it has one only, the commonest when it has several. */
export const defaultNetworkOf = (asset: CryptoAsset): CryptoNetwork =>
  CRYPTO_CATALOGUE.find((option) => option.asset === asset)!.networks[0].network;

export const initialCryptoTransferState: CryptoTransferState = { asset: 'BTC', network: 'BITCOIN' };

const cryptoTransferSliceDefinition = createSlice({
  name: 'cryptoTransfer',
  initialState: initialCryptoTransferState,
  reducers: {
    /** Another asset: its network resets, so an address is never shown for a network the asset does not use. */
    assetChosen(state, action: PayloadAction<CryptoAsset>) {
      state.asset = action.payload;
      state.network = defaultNetworkOf(action.payload);
    },
    networkChosen(state, action: PayloadAction<CryptoNetwork>) {
      const option = CRYPTO_CATALOGUE.find((o) => o.asset === state.asset);
      if (option?.networks.some((n) => n.network === action.payload)) state.network = action.payload;
    },
  },
  selectors: {
    selectCryptoAsset: (state) => state.asset,
    selectCryptoNetwork: (state) => state.network,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof cryptoTransferSliceDefinition> {}
}

/** Injected when the page's chunk loads, so the first bundle does not carry it. */
export const cryptoTransferSlice = cryptoTransferSliceDefinition.injectInto(rootReducer);
export const cryptoTransferReducer = cryptoTransferSliceDefinition.reducer;
export const { assetChosen, networkChosen } = cryptoTransferSlice.actions;
export const { selectCryptoAsset, selectCryptoNetwork } = cryptoTransferSlice.selectors;
