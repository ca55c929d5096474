// oidc-provider ships no types; the tests use a few of its members and check what it answers.
declare module 'oidc-provider';
