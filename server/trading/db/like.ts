/** Text for a `like` pattern, its pattern characters (`%`, `_`, `\`) searched as themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
