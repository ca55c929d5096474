// English words of the site's post pages; see index.ts.
export const post = {
};
