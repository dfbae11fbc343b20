import type { AssetClass } from '../../../../shared/constants';
import type { ScheduleId } from '../../../../shared/trading/hours';

/**
 * The seeded instrument catalogue: real names and symbols over the six classes, with what a broker
 * needs to price and margin them. Prices are starting mids for the simulator (it moves them from here).
 */
export interface InstrumentSeed {
  symbol: string;
  name: string;
  /** The short key (`sy`) the market search also matches (docs/trade-room.md#market-search). */
  shortKey: string;
  assetClass: AssetClass;
  /** The market-watch group (indices show as ETFs: docs/trading.md#instruments). */
  category: 'Forex' | 'Stocks' | 'ETFs' | 'Crypto' | 'Commodities' | 'Metals';
  baseCurrency: string | null;
  quoteCurrency: string;
  price: string;
  digits: number;
  contractSize: number;
  /** Half the typical spread, as a fraction of the mid, on each side. */
  halfSpread: string;
  /** Retail leverage cap (FCA/ESMA): 30 major FX, 20 other FX/gold/major indices, 10 other, 5 stocks, 2 crypto. */
  regulatoryCap: number;
  schedule: ScheduleId;
  tvSymbol: string;
  /** Annualised volatility for the simulator. */
  volatility: number;
}

const majorsFx = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);

function fx(pair: string, name: string, price: number, halfSpread: string, volatility = 0.08): InstrumentSeed {
  const base = pair.slice(0, 3);
  const quote = pair.slice(3);
  const digits = price >= 20 ? 3 : 5;
  return {
    symbol: pair,
    name,
    shortKey: `${base}/${quote}`,
    assetClass: 'forex',
    category: 'Forex',
    baseCurrency: base,
    quoteCurrency: quote,
    price: price.toFixed(digits),
    digits,
    contractSize: 100_000,
    halfSpread,
    regulatoryCap: majorsFx.has(base) && majorsFx.has(quote) ? 30 : 20,
    schedule: 'forex',
    tvSymbol: `FX:${pair}`,
    volatility,
  };
}

const major = (pair: string, name: string, price: number) => fx(pair, name, price, '0.00004', 0.07);
const minor = (pair: string, name: string, price: number) => fx(pair, name, price, '0.00008', 0.09);
const exotic = (pair: string, name: string, price: number) => fx(pair, name, price, '0.0003', 0.14);

function stock(symbol: string, name: string, price: number, market: 'US' | 'UK' | 'EU', currency = market === 'US' ? 'USD' : market === 'UK' ? 'GBP' : 'EUR', exchange = 'NASDAQ'): InstrumentSeed {
  return {
    symbol,
    name,
    shortKey: symbol.replace(/\..*$/, ''),
    assetClass: 'stocks',
    category: 'Stocks',
    baseCurrency: null,
    quoteCurrency: currency,
    price: price.toFixed(2),
    digits: 2,
    contractSize: 100,
    halfSpread: '0.0003',
    regulatoryCap: 5,
    schedule: market === 'US' ? 'us-stocks' : market === 'UK' ? 'uk-stocks' : 'eu-stocks',
    tvSymbol: `${exchange}:${symbol.replace(/\..*$/, '')}`,
    volatility: 0.28,
  };
}
const us = (symbol: string, name: string, price: number, exchange = 'NASDAQ') => stock(symbol, name, price, 'US', 'USD', exchange);
const uk = (symbol: string, name: string, price: number) => stock(symbol, name, price, 'UK', 'GBP', 'LSE');
const eu = (symbol: string, name: string, price: number, exchange: string, currency = 'EUR') => stock(symbol, name, price, 'EU', currency, exchange);

function index(symbol: string, name: string, price: number, currency: string, major: boolean, schedule: ScheduleId, tvSymbol: string): InstrumentSeed {
  return {
    symbol,
    name,
    shortKey: symbol,
    assetClass: 'indices',
    category: 'ETFs',
    baseCurrency: null,
    quoteCurrency: currency,
    price: price.toFixed(1),
    digits: 1,
    contractSize: 1,
    halfSpread: '0.00005',
    regulatoryCap: major ? 20 : 10,
    schedule,
    tvSymbol,
    volatility: 0.18,
  };
}

function coin(symbol: string, name: string, price: number, digits: number, quote = 'USD'): InstrumentSeed {
  return {
    symbol: `${symbol}${quote}`,
    name: `${name} / ${quote === 'USD' ? 'US Dollar' : quote === 'EUR' ? 'Euro' : 'British Pound'}`,
    shortKey: symbol,
    assetClass: 'crypto',
    category: 'Crypto',
    baseCurrency: symbol,
    quoteCurrency: quote,
    price: price.toFixed(digits),
    digits,
    contractSize: 1,
    halfSpread: '0.0008',
    regulatoryCap: 2,
    schedule: 'crypto',
    tvSymbol: `BINANCE:${symbol}${quote === 'USD' ? 'USDT' : quote}`,
    volatility: 0.65,
  };
}

function commodity(symbol: string, shortKey: string, name: string, price: number, digits: number, contractSize: number, tvSymbol: string, volatility = 0.3): InstrumentSeed {
  return {
    symbol,
    name,
    shortKey,
    assetClass: 'commodities',
    category: 'Commodities',
    baseCurrency: null,
    quoteCurrency: 'USD',
    price: price.toFixed(digits),
    digits,
    contractSize,
    halfSpread: '0.0003',
    regulatoryCap: 10,
    schedule: 'commodities',
    tvSymbol,
    volatility,
  };
}

const metalNames: Record<string, string> = { XAU: 'GOLD', XAG: 'SILVER', XPT: 'PLATINUM', XPD: 'PALLADIUM', XCU: 'COPPER' };

function metal(symbol: string, name: string, price: number, digits: number, contractSize: number, quote = 'USD'): InstrumentSeed {
  return {
    symbol,
    name,
    shortKey: metalNames[symbol.slice(0, 3)] ?? symbol.slice(0, 3),
    assetClass: 'metals',
    category: 'Metals',
    baseCurrency: symbol.slice(0, 3),
    quoteCurrency: quote,
    price: price.toFixed(digits),
    digits,
    contractSize,
    halfSpread: '0.0002',
    regulatoryCap: symbol.startsWith('XAU') ? 20 : 10,
    schedule: 'commodities',
    tvSymbol: `OANDA:${symbol}`,
    volatility: symbol.startsWith('XAU') ? 0.15 : 0.25,
  };
}

export const instrumentSeeds: readonly InstrumentSeed[] = [
  // Forex: majors
  major('EURUSD', 'Euro / US Dollar', 1.0845),
  major('GBPUSD', 'British Pound / US Dollar', 1.271),
  major('USDJPY', 'US Dollar / Japanese Yen', 151.42),
  major('USDCHF', 'US Dollar / Swiss Franc', 0.8812),
  major('AUDUSD', 'Australian Dollar / US Dollar', 0.6585),
  major('USDCAD', 'US Dollar / Canadian Dollar', 1.3655),
  major('NZDUSD', 'New Zealand Dollar / US Dollar', 0.6012),
  // Forex: minors (crosses)
  minor('EURGBP', 'Euro / British Pound', 0.8533),
  minor('EURJPY', 'Euro / Japanese Yen', 164.21),
  minor('EURCHF', 'Euro / Swiss Franc', 0.9556),
  minor('EURAUD', 'Euro / Australian Dollar', 1.6469),
  minor('EURCAD', 'Euro / Canadian Dollar', 1.4809),
  minor('EURNZD', 'Euro / New Zealand Dollar', 1.8039),
  minor('GBPJPY', 'British Pound / Japanese Yen', 192.46),
  minor('GBPCHF', 'British Pound / Swiss Franc', 1.12),
  minor('GBPAUD', 'British Pound / Australian Dollar', 1.9302),
  minor('GBPCAD', 'British Pound / Canadian Dollar', 1.7356),
  minor('GBPNZD', 'British Pound / New Zealand Dollar', 2.1141),
  minor('AUDJPY', 'Australian Dollar / Japanese Yen', 99.71),
  minor('AUDCHF', 'Australian Dollar / Swiss Franc', 0.5803),
  minor('AUDCAD', 'Australian Dollar / Canadian Dollar', 0.8992),
  minor('AUDNZD', 'Australian Dollar / New Zealand Dollar', 1.0953),
  minor('CADJPY', 'Canadian Dollar / Japanese Yen', 110.89),
  minor('CADCHF', 'Canadian Dollar / Swiss Franc', 0.6453),
  minor('CHFJPY', 'Swiss Franc / Japanese Yen', 171.84),
  minor('NZDJPY', 'New Zealand Dollar / Japanese Yen', 91.03),
  minor('NZDCHF', 'New Zealand Dollar / Swiss Franc', 0.5298),
  minor('NZDCAD', 'New Zealand Dollar / Canadian Dollar', 0.8209),
  // Forex: exotics
  exotic('USDTRY', 'US Dollar / Turkish Lira', 32.215),
  exotic('USDZAR', 'US Dollar / South African Rand', 18.442),
  exotic('USDMXN', 'US Dollar / Mexican Peso', 17.045),
  exotic('USDSEK', 'US Dollar / Swedish Krona', 10.487),
  exotic('USDNOK', 'US Dollar / Norwegian Krone', 10.623),
  exotic('USDDKK', 'US Dollar / Danish Krone', 6.879),
  exotic('USDPLN', 'US Dollar / Polish Zloty', 3.972),
  exotic('USDHUF', 'US Dollar / Hungarian Forint', 362.15),
  exotic('USDCZK', 'US Dollar / Czech Koruna', 23.105),
  exotic('USDSGD', 'US Dollar / Singapore Dollar', 1.348),
  exotic('USDHKD', 'US Dollar / Hong Kong Dollar', 7.823),
  exotic('USDCNH', 'US Dollar / Chinese Yuan (offshore)', 7.241),
  exotic('USDTHB', 'US Dollar / Thai Baht', 36.42),
  exotic('EURTRY', 'Euro / Turkish Lira', 34.94),
  exotic('EURPLN', 'Euro / Polish Zloty', 4.308),
  exotic('EURSEK', 'Euro / Swedish Krona', 11.373),
  exotic('USDNGN', 'US Dollar / Nigerian Naira', 1550.2),
  // US stocks
  us('AAPL', 'Apple Inc.', 189.84),
  us('MSFT', 'Microsoft Corporation', 415.5),
  us('NVDA', 'NVIDIA Corporation', 120.9),
  us('AMZN', 'Amazon.com Inc.', 183.6),
  us('GOOGL', 'Alphabet Inc. (Class A)', 171.2),
  us('META', 'Meta Platforms Inc.', 498.3),
  us('TSLA', 'Tesla Inc.', 177.5),
  us('BRK.B', 'Berkshire Hathaway Inc. (Class B)', 412.7, 'NYSE'),
  us('JPM', 'JPMorgan Chase & Co.', 198.4, 'NYSE'),
  us('V', 'Visa Inc.', 275.1, 'NYSE'),
  us('MA', 'Mastercard Inc.', 452.8, 'NYSE'),
  us('UNH', 'UnitedHealth Group Inc.', 492.6, 'NYSE'),
  us('JNJ', 'Johnson & Johnson', 149.3, 'NYSE'),
  us('XOM', 'Exxon Mobil Corporation', 114.2, 'NYSE'),
  us('PG', 'Procter & Gamble Co.', 165.1, 'NYSE'),
  us('HD', 'The Home Depot Inc.', 345.9, 'NYSE'),
  us('CVX', 'Chevron Corporation', 158.7, 'NYSE'),
  us('KO', 'The Coca-Cola Company', 62.4, 'NYSE'),
  us('PEP', 'PepsiCo Inc.', 172.3),
  us('ABBV', 'AbbVie Inc.', 162.8, 'NYSE'),
  us('MRK', 'Merck & Co. Inc.', 128.9, 'NYSE'),
  us('LLY', 'Eli Lilly and Company', 782.4, 'NYSE'),
  us('AVGO', 'Broadcom Inc.', 1392.1),
  us('COST', 'Costco Wholesale Corporation', 812.6),
  us('WMT', 'Walmart Inc.', 60.2, 'NYSE'),
  us('BAC', 'Bank of America Corporation', 38.9, 'NYSE'),
  us('DIS', 'The Walt Disney Company', 102.4, 'NYSE'),
  us('NFLX', 'Netflix Inc.', 628.4),
  us('ADBE', 'Adobe Inc.', 478.2),
  us('CRM', 'Salesforce Inc.', 272.6, 'NYSE'),
  us('ORCL', 'Oracle Corporation', 118.7, 'NYSE'),
  us('INTC', 'Intel Corporation', 30.8),
  us('AMD', 'Advanced Micro Devices Inc.', 158.9),
  us('CSCO', 'Cisco Systems Inc.', 47.1),
  us('QCOM', 'Qualcomm Inc.', 198.3),
  us('TXN', 'Texas Instruments Inc.', 192.5),
  us('IBM', 'International Business Machines Corporation', 168.2, 'NYSE'),
  us('NKE', 'Nike Inc.', 93.4, 'NYSE'),
  us('MCD', "McDonald's Corporation", 257.6, 'NYSE'),
  us('SBUX', 'Starbucks Corporation', 78.9),
  us('BA', 'The Boeing Company', 178.3, 'NYSE'),
  us('CAT', 'Caterpillar Inc.', 339.8, 'NYSE'),
  us('GE', 'GE Aerospace', 161.4, 'NYSE'),
  us('GS', 'The Goldman Sachs Group Inc.', 458.2, 'NYSE'),
  us('MS', 'Morgan Stanley', 97.6, 'NYSE'),
  us('C', 'Citigroup Inc.', 62.1, 'NYSE'),
  us('WFC', 'Wells Fargo & Company', 59.4, 'NYSE'),
  us('PFE', 'Pfizer Inc.', 28.7, 'NYSE'),
  us('T', 'AT&T Inc.', 17.2, 'NYSE'),
  us('VZ', 'Verizon Communications Inc.', 40.1, 'NYSE'),
  us('PYPL', 'PayPal Holdings Inc.', 63.8),
  us('UBER', 'Uber Technologies Inc.', 70.2, 'NYSE'),
  us('ABNB', 'Airbnb Inc.', 148.9),
  us('PLTR', 'Palantir Technologies Inc.', 22.4, 'NYSE'),
  us('SHOP', 'Shopify Inc.', 66.3, 'NYSE'),
  us('SPOT', 'Spotify Technology S.A.', 312.5, 'NYSE'),
  us('COIN', 'Coinbase Global Inc.', 228.6),
  us('F', 'Ford Motor Company', 12.4, 'NYSE'),
  us('GM', 'General Motors Company', 45.3, 'NYSE'),
  // UK stocks (priced in pounds)
  uk('AZN.L', 'AstraZeneca plc', 121.4),
  uk('SHEL.L', 'Shell plc', 28.35),
  uk('HSBA.L', 'HSBC Holdings plc', 6.92),
  uk('ULVR.L', 'Unilever plc', 43.8),
  uk('BP.L', 'BP plc', 4.86),
  uk('GSK.L', 'GSK plc', 16.72),
  uk('RIO.L', 'Rio Tinto plc', 55.1),
  uk('BATS.L', 'British American Tobacco plc', 24.15),
  uk('DGE.L', 'Diageo plc', 27.4),
  uk('LLOY.L', 'Lloyds Banking Group plc', 0.54),
  uk('BARC.L', 'Barclays plc', 2.14),
  uk('VOD.L', 'Vodafone Group plc', 0.72),
  uk('REL.L', 'RELX plc', 34.2),
  uk('LSEG.L', 'London Stock Exchange Group plc', 92.6),
  uk('NG.L', 'National Grid plc', 10.35),
  uk('BA.L', 'BAE Systems plc', 13.28),
  uk('RR.L', 'Rolls-Royce Holdings plc', 4.35),
  uk('TSCO.L', 'Tesco plc', 3.02),
  uk('GLEN.L', 'Glencore plc', 4.62),
  uk('PRU.L', 'Prudential plc', 7.48),
  // EU stocks
  eu('SAP.DE', 'SAP SE', 176.4, 'XETR'),
  eu('SIE.DE', 'Siemens AG', 178.2, 'XETR'),
  eu('ALV.DE', 'Allianz SE', 262.8, 'XETR'),
  eu('DTE.DE', 'Deutsche Telekom AG', 22.15, 'XETR'),
  eu('BMW.DE', 'Bayerische Motoren Werke AG', 102.4, 'XETR'),
  eu('MBG.DE', 'Mercedes-Benz Group AG', 68.9, 'XETR'),
  eu('VOW3.DE', 'Volkswagen AG (Pref.)', 118.3, 'XETR'),
  eu('BAS.DE', 'BASF SE', 48.7, 'XETR'),
  eu('ADS.DE', 'adidas AG', 221.6, 'XETR'),
  eu('AIR.PA', 'Airbus SE', 158.4, 'EURONEXT'),
  eu('MC.PA', 'LVMH Moët Hennessy Louis Vuitton SE', 762.3, 'EURONEXT'),
  eu('OR.PA', "L'Oréal S.A.", 438.9, 'EURONEXT'),
  eu('TTE.PA', 'TotalEnergies SE', 65.2, 'EURONEXT'),
  eu('SAN.PA', 'Sanofi S.A.', 89.7, 'EURONEXT'),
  eu('BNP.PA', 'BNP Paribas S.A.', 64.1, 'EURONEXT'),
  eu('ASML.AS', 'ASML Holding N.V.', 874.5, 'EURONEXT'),
  eu('INGA.AS', 'ING Groep N.V.', 15.32, 'EURONEXT'),
  eu('NESN.SW', 'Nestlé S.A.', 93.4, 'SIX', 'CHF'),
  eu('NOVN.SW', 'Novartis AG', 88.6, 'SIX', 'CHF'),
  eu('ROG.SW', 'Roche Holding AG', 232.1, 'SIX', 'CHF'),
  eu('ITX.MC', 'Industria de Diseño Textil S.A.', 42.3, 'BME'),
  eu('SAN.MC', 'Banco Santander S.A.', 4.62, 'BME'),
  eu('ENEL.MI', 'Enel S.p.A.', 6.38, 'MIL'),
  eu('ISP.MI', 'Intesa Sanpaolo S.p.A.', 3.42, 'MIL'),
  // Indices (shown as ETFs)
  index('US500', 'S&P 500', 5248.5, 'USD', true, 'us-stocks', 'FOREXCOM:SPXUSD'),
  index('US30', 'Dow Jones Industrial Average', 39512.8, 'USD', true, 'us-stocks', 'FOREXCOM:DJI'),
  index('US100', 'Nasdaq 100', 18320.4, 'USD', true, 'us-stocks', 'FOREXCOM:NSXUSD'),
  index('US2000', 'Russell 2000', 2061.7, 'USD', false, 'us-stocks', 'FOREXCOM:US2000'),
  index('UK100', 'FTSE 100', 8163.2, 'GBP', true, 'uk-stocks', 'FOREXCOM:UKXGBP'),
  index('DE40', 'DAX 40', 18498.6, 'EUR', true, 'eu-stocks', 'XETR:DAX'),
  index('FR40', 'CAC 40', 8105.3, 'EUR', true, 'eu-stocks', 'EURONEXT:PX1'),
  index('EU50', 'Euro Stoxx 50', 5012.4, 'EUR', true, 'eu-stocks', 'TVC:SX5E'),
  index('ES35', 'IBEX 35', 11032.5, 'EUR', false, 'eu-stocks', 'BME:IBC'),
  index('IT40', 'FTSE MIB', 34520.1, 'EUR', false, 'eu-stocks', 'TVC:FTMIB'),
  index('NL25', 'AEX 25', 881.6, 'EUR', false, 'eu-stocks', 'EURONEXT:AEX'),
  index('CH20', 'Swiss Market Index', 11850.2, 'CHF', false, 'eu-stocks', 'SIX:SMI'),
  index('JP225', 'Nikkei 225', 38620.5, 'JPY', true, 'us-stocks', 'TVC:NI225'),
  index('HK50', 'Hang Seng', 18650.3, 'HKD', false, 'us-stocks', 'TVC:HSI'),
  index('AU200', 'S&P/ASX 200', 7812.9, 'AUD', true, 'us-stocks', 'ASX:XJO'),
  // Crypto
  coin('BTC', 'Bitcoin', 67350.25, 2),
  coin('ETH', 'Ethereum', 3512.4, 2),
  coin('SOL', 'Solana', 168.35, 2),
  coin('XRP', 'XRP', 0.5231, 4),
  coin('BNB', 'BNB', 592.4, 2),
  coin('ADA', 'Cardano', 0.4512, 4),
  coin('DOGE', 'Dogecoin', 0.15234, 5),
  coin('TRX', 'TRON', 0.12183, 5),
  coin('AVAX', 'Avalanche', 35.42, 2),
  coin('DOT', 'Polkadot', 7.105, 3),
  coin('LINK', 'Chainlink', 16.82, 2),
  coin('LTC', 'Litecoin', 83.45, 2),
  coin('BCH', 'Bitcoin Cash', 472.3, 2),
  coin('XLM', 'Stellar', 0.10912, 5),
  coin('UNI', 'Uniswap', 9.874, 3),
  coin('ATOM', 'Cosmos', 8.512, 3),
  coin('ETC', 'Ethereum Classic', 27.84, 2),
  coin('FIL', 'Filecoin', 5.912, 3),
  coin('NEAR', 'NEAR Protocol', 6.835, 3),
  coin('APT', 'Aptos', 8.912, 3),
  coin('ARB', 'Arbitrum', 1.0145, 4),
  coin('OP', 'Optimism', 2.4812, 4),
  coin('AAVE', 'Aave', 92.45, 2),
  coin('ALGO', 'Algorand', 0.1821, 4),
  coin('SHIB', 'Shiba Inu', 0.00002412, 8),
  coin('BTC', 'Bitcoin', 62110.5, 2, 'EUR'),
  coin('ETH', 'Ethereum', 3238.9, 2, 'EUR'),
  coin('BTC', 'Bitcoin', 53012.75, 2, 'GBP'),
  // Commodities
  commodity('USOIL', 'WTI', 'Crude Oil WTI', 78.42, 2, 1_000, 'TVC:USOIL', 0.35),
  commodity('UKOIL', 'BRENT', 'Crude Oil Brent', 82.65, 2, 1_000, 'TVC:UKOIL', 0.33),
  commodity('NATGAS', 'NG', 'Natural Gas', 2.412, 3, 10_000, 'NYMEX:NG1!', 0.55),
  commodity('GASOLINE', 'RBOB', 'RBOB Gasoline', 2.4821, 4, 42_000, 'NYMEX:RB1!', 0.35),
  commodity('HEATOIL', 'HO', 'Heating Oil', 2.5135, 4, 42_000, 'NYMEX:HO1!', 0.33),
  commodity('CORN', 'CORN', 'Corn', 4.4525, 4, 5_000, 'CBOT:ZC1!', 0.22),
  commodity('WHEAT', 'WHEAT', 'Wheat', 6.215, 4, 5_000, 'CBOT:ZW1!', 0.28),
  commodity('SOYBEAN', 'SOY', 'Soybeans', 11.825, 4, 5_000, 'CBOT:ZS1!', 0.18),
  commodity('SUGAR', 'SUGAR', 'Sugar No. 11', 0.1912, 4, 112_000, 'ICEUS:SB1!', 0.3),
  commodity('COFFEE', 'COFFEE', 'Coffee Arabica', 2.214, 4, 37_500, 'ICEUS:KC1!', 0.35),
  commodity('COCOA', 'COCOA', 'Cocoa', 7812, 0, 10, 'ICEUS:CC1!', 0.5),
  commodity('COTTON', 'COTTON', 'Cotton No. 2', 0.7815, 4, 50_000, 'ICEUS:CT1!', 0.24),
  commodity('OJ', 'OJ', 'Orange Juice', 4.125, 4, 15_000, 'ICEUS:OJ1!', 0.4),
  commodity('CATTLE', 'CATTLE', 'Live Cattle', 1.8245, 4, 40_000, 'CME:LE1!', 0.15),
  // Metals
  metal('XAUUSD', 'Gold / US Dollar', 2345.6, 2, 100),
  metal('XAGUSD', 'Silver / US Dollar', 29.412, 3, 5_000),
  metal('XPTUSD', 'Platinum / US Dollar', 985.4, 2, 50),
  metal('XPDUSD', 'Palladium / US Dollar', 1012.8, 2, 100),
  metal('XAUEUR', 'Gold / Euro', 2163.2, 2, 100, 'EUR'),
  metal('XAGEUR', 'Silver / Euro', 27.125, 3, 5_000, 'EUR'),
  metal('XAUGBP', 'Gold / British Pound', 1845.3, 2, 100, 'GBP'),
  metal('XCUUSD', 'Copper / US Dollar', 4.5125, 4, 25_000),
];

/** The largest adverse move between the price the customer saw and the fill, before a requote. */
export const maxDeviationByClass: Readonly<Record<AssetClass, string>> = {
  forex: '0.0002',
  stocks: '0.002',
  indices: '0.001',
  crypto: '0.003',
  commodities: '0.002',
  metals: '0.001',
};

/** The icon path of an instrument under public/ (written by scripts/instrument-icons.ts). */
export function instrumentImage(symbol: string): string {
  return `/instruments/${symbol.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;
}
