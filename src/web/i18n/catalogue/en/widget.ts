// English words of the site's widget pages; see index.ts.
export const widget = {
};
