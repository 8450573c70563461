import { INSTRUMENTS_V1 } from './servicesReferenceData';

/**
 * The server's own last prices of the instruments it knows, in cents per share or coin: what every value the
 * server computes for a customer is priced at (the account-transfer offer's value, bonus and fee reimbursement),
 * never a price the client sends. In the sandbox they are a fixed table (made-up figures near real ones, like a
 * vendor's delayed quotes); a live deployment would put a market-data feed behind the same function.
 */
export const SANDBOX_LAST_PRICES_CENTS: Readonly<Record<string, number>> = {
  AAPL: 22_987, MSFT: 41_526, GOOGL: 16_844, GOOG: 16_992, AMZN: 18_651, NVDA: 12_138, META: 51_273, TSLA: 24_816,
  'BRK.B': 45_209, JPM: 21_247, V: 27_635, MA: 46_820, UNH: 58_814, JNJ: 15_862, XOM: 11_745, CVX: 15_108,
  PG: 16_893, HD: 38_255, KO: 6984, PEP: 17_127, COST: 88_740, WMT: 7966, DIS: 9431, NFLX: 70_115,
  ADBE: 51_288, CRM: 28_937, ORCL: 16_875, INTC: 2214, AMD: 15_266, QCOM: 16_602, AVGO: 17_143, TXN: 19_980,
  CSCO: 5217, IBM: 21_426, MU: 10_135, AMAT: 19_648, LRCX: 7692, KLAC: 74_210, ASML: 81_255, TSM: 18_864,
  ARM: 13_971, SMCI: 4218, PLTR: 4127, SNOW: 11_833, NOW: 90_562, SHOP: 7845, UBER: 7490, LYFT: 1342,
  ABNB: 13_106, DASH: 14_280, SPOT: 37_125, PYPL: 7264, SQ: 6891, COIN: 21_437, HOOD: 2485, SOFI: 976,
  RBLX: 4412, U: 2138, EA: 14_857, TTWO: 15_820, ZM: 6943, DOCU: 6071, TEAM: 16_528, DDOG: 11_894,
  CRWD: 28_166, ZS: 18_235, PANW: 35_217, FTNT: 7408, NET: 8452, MDB: 26_240, INTU: 63_519, WDAY: 24_176,
  BAC: 3987, WFC: 5863, C: 6321, GS: 49_835, MS: 10_472, SCHW: 6648, BLK: 94_810, AXP: 26_855,
  COF: 15_130, USB: 4586, PNC: 18_344, SPGI: 51_267, ICE: 16_038, CME: 21_905, PFE: 2894, MRK: 10_126,
  ABBV: 19_258, LLY: 87_840, BMY: 5133, AMGN: 32_571, GILD: 8319, MRNA: 6245, REGN: 101_530, VRTX: 46_892,
  ISRG: 48_715, TMO: 59_164, ABT: 11_427, MDT: 8836, DHR: 26_680, CVS: 5742, NVO: 11_865, MCD: 29_612,
  SBUX: 9745, CMG: 5783, NKE: 8264, LULU: 26_890, TGT: 14_837, LOW: 25_971, BKNG: 412_550, MAR: 24_863,
  F: 1084, GM: 4827, RIVN: 1136, LCID: 284, TM: 17_492, BA: 15_148, LMT: 57_130, RTX: 12_166,
  GE: 17_245, CAT: 36_218, DE: 39_674, HON: 20_759, MMM: 12_843, UPS: 13_187, FDX: 27_215, UNP: 24_138,
  DAL: 5146, UAL: 5892, AAL: 1237, LUV: 2984, T: 2167, VZ: 4125, TMUS: 22_140, CMCSA: 3918,
  NEE: 7953, DUK: 11_529, SO: 8946, ENPH: 8417, FSLR: 20_433, COP: 10_872, OXY: 5348, SLB: 4319,
  LIN: 46_285, NEM: 5236, FCX: 4571, O: 6124, PLD: 11_857, AMT: 22_146, EQIX: 85_430, SPG: 16_892,
  VICI: 3248, BABA: 8815, JD: 3427, PDD: 11_864, NIO: 492, SONY: 1948, SAP: 22_835, SPY: 57_142,
  VOO: 52_518, IVV: 57_366, VTI: 28_245, QQQ: 48_729, DIA: 42_283, IWM: 21_836, VEA: 5072, VWO: 4518,
  VXUS: 6294, BND: 7241, AGG: 9857, TLT: 9236, SHY: 8249, SGOV: 10_046, BIL: 9158, GLD: 24_537,
  SLV: 2864, VNQ: 9123, SCHD: 2785, VIG: 19_542, VYM: 12_857, JEPI: 5836, XLK: 22_481, XLF: 4692,
  XLE: 8947, XLV: 15_238, XLY: 19_625, XLP: 8214, XLU: 7963, SMH: 23_847, SOXX: 22_185, ARKK: 5136,
  ICLN: 1427, TAN: 3892, BOTZ: 3148, HACK: 7125, IBIT: 3864, BTC: 6_842_015, ETH: 263_480, SOL: 15_237,
  ADA: 35, DOGE: 11, XRP: 54, LTC: 6742, AVAX: 2681, DOT: 436, LINK: 1127,
};

const KNOWN = new Set(INSTRUMENTS_V1.map((instrument) => instrument.symbol));

/** The last price of a known instrument in cents, or null for a symbol the server does not know. */
export function lastPriceCents(symbol: string): number | null {
  if (!KNOWN.has(symbol)) return null;
  return SANDBOX_LAST_PRICES_CENTS[symbol] ?? null;
}
