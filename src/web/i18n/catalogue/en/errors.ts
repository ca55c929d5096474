// English words for the API's errors as the web app shows them (the API's own messages stay English, API.md); see index.ts.
export const errors = {
};
