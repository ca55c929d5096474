/*
 * The caller's language (issue 33): feedbackd's extension beside LogChimp's profile, whose answers
 * stay as API.md §4.8 writes them. Mails to the caller are written in it, and the web app follows it
 * on any device the caller signs in on.
 */
import { LOCALES } from '../../i18n/locales.js';
import { answer, input, operation, type Paths } from '../kit.js';

const TAG = 'Users';

const LOCALE_LIST = LOCALES.map((locale) => `\`${locale}\``).join(', ');

const languageAnswer = answer({
  language: answer({
    locale: {
      type: ['string', 'null'],
      enum: [...LOCALES, null],
      description:
        'The language the caller chose; null when none is chosen (mails then follow the site’s `locale`, else English). An account starts in the language it was made in (the `feedbackd_locale` cookie of the language menu, else `Accept-Language`).',
    },
  }),
});

export const languagePaths: Paths = {
  '/auth/language': {
    get: operation('get', {
      id: 'getLanguage',
      summary: 'The caller’s language',
      description: 'The language the caller’s mails are written in, and which the web app shows them once they are signed in.',
      tag: TAG,
      section: 'README',
      auth: 'required',
      success: { 200: { description: 'The setting.', schema: languageAnswer } },
    }),
    patch: operation('patch', {
      id: 'setLanguage',
      summary: 'Choose the caller’s language',
      description: 'Records the caller’s language; an omitted `locale` changes nothing. Needs no permission.',
      tag: TAG,
      section: 'README',
      auth: 'required',
      body: input({
        locale: {
          type: ['string', 'null'],
          enum: [...LOCALES, '', null],
          description: `Exactly one of ${LOCALE_LIST}; \`null\` or \`""\` = none chosen. Another string → 400 \`VALIDATION_ERROR\` \`locale must be one of: ${LOCALES.join(', ')}\`; not a string → 400 \`VALIDATION_ERROR\` \`locale must be a string\`.`,
        },
      }),
      success: { 200: { description: 'The setting after the change.', schema: languageAnswer } },
      errors: { 400: ['VALIDATION_ERROR'] },
    }),
  },
};
