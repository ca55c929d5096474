// English words of the site's board pages; see index.ts.
export const board = {
  // The new-post form: the hint under the title field (the owner may override it per language).
  'board.newPostTitleHint': 'A short summary, like “Export votes as CSV”.',
};
