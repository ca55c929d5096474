// English words of the site's account pages; see index.ts.
export const account = {
};
