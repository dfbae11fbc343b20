/** The back office's customers: the overview's counts, the list, one customer and what staff do there (docs/back-office.md). */
export const backOfficeApi = {} as const;
