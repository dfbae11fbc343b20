/** The header an API token travels in. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
