/*
 * Request fields shared by the account routes (setup, sign-up, login, mail tokens), with the rules
 * of API.md §1.8, and their success bodies.
 */
import { answer, ref, type Schema } from '../kit.js';

export const emailField: Schema = {
  type: 'string',
  format: 'email',
  maxLength: 320,
  description:
    'Trimmed, then it must be a valid address (validator.js `isEmail`) of at most 320 characters; stored and compared lower-cased. Absent, `null` or `""` → 400 `EMAIL_INVALID`.',
};

export const newPasswordField: Schema = {
  type: 'string',
  maxLength: 72,
  description: 'Not trimmed. 8 to 72 **UTF-8 bytes** (400 `PASSWORD_TOO_SHORT` / `PASSWORD_TOO_LONG`); absent, `null` or `""` → 400 `PASSWORD_MISSING`.',
};

export const nameField: Schema = {
  type: ['string', 'null'],
  description:
    'Optional, default `""` (`null` = `""`). Cleaned before it is stored: every character that is not a letter, combining mark, decimal digit, space, `.`, `\'` or `-` is removed, runs of spaces collapse, the result is trimmed. More than 64 characters after cleaning → 400 `NAME_TOO_LONG`.',
};

export const mailTokenField = (from: string): Schema => ({
  type: 'string',
  description: `The token of the ${from} link (\`?token=…\`, 64 lower-case hex characters). Absent, \`null\` or \`""\` → 400 \`MISSING_TOKEN\`; tokens live 2 hours.`,
});

/** The answer of the routes that log someone in: the account with a fresh access token. */
export const authUserAnswer: Schema = answer({ user: ref('AuthUser') });

/** `{ <key>: { <flag>: true } }`, the fixed success bodies of the mail routes. */
export function flagAnswer(key: string, flag: string): Schema {
  return answer({
    [key]: answer({ [flag]: { type: 'boolean', const: true } }),
  });
}
