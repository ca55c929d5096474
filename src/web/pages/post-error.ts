// The words the post pages show for a refused request, in one place: for now the API's own message
// (messageOf); when the web app has its own words for API errors (src/web/i18n/errors.ts, issue 33),
// this is the one line to change.
import { messageOf } from '../components/notice.js';

/** A refusal as the visitor reads it. */
export const errorWords = (error: unknown): string => messageOf(error);
