// English words of the site's changelog pages; see index.ts.
export const changelog = {
};
