/** A Wednesday afternoon (UTC) when every market in the catalogue is open: the tests' fixed clock. */
export const marketsOpenAt = new Date('2026-11-18T15:00:00Z');
