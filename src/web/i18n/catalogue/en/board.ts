// English words of the site's board pages; see index.ts.
export const board = {
};
