// The web app's words for the API's refusals (issue 33): a known code has its own sentence, an
// unknown one a general sentence (never a key name or the API's English), a network failure says so.
import test from 'ava';
import { ApiError } from '../../src/web/api/client.ts';
import { en } from '../../src/web/i18n/catalogue/en/index.ts';
import { errorText, errorTextWithWait, knowsError } from '../../src/web/i18n/errors.ts';
import { installCatalogue } from '../../src/web/i18n/t.ts';

installCatalogue(en);

test('a known code is said in the page’s words, whatever message the API sent with it', (t) => {
  t.is(errorText(new ApiError(400, 'POST_TITLE_MISSING', 'anything at all')), 'Post title missing');
  t.is(errorText(new ApiError(429, 'RATE_LIMITED', 'x')), 'Too many attempts. Try again later.');
  t.true(knowsError(new ApiError(404, 'POST_NOT_FOUND', 'x')));
});

test('an unknown code gets the general sentence, not its key or the API’s own words', (t) => {
  const error = new ApiError(409, 'SOMETHING_NEW', 'A message only the API knows');
  t.is(errorText(error), 'Something went wrong. Try again.');
  t.false(knowsError(error));
  // Not a code at all: no other key of the catalogue may answer for it.
  t.is(errorText(new ApiError(400, 'generic.x', 'y')), 'Something went wrong. Try again.');
  t.is(errorText(new Error('boom')), 'Something went wrong. Try again.');
});

test('a network failure and a gateway without the API say so', (t) => {
  t.is(errorText(new ApiError(0, 'NETWORK', 'ignored')), 'Cannot reach the server. Check your connection and try again.');
  t.is(errorText(new ApiError(503, 'SERVER_ERROR', 'ignored')), 'The server is not answering right now. Try again in a moment.');
  t.is(errorText(new ApiError(500, 'SERVER_ERROR', 'ignored')), 'Something went wrong on the server. Try again in a moment.');
});

test('a rate limit names the wait in words', (t) => {
  const error = new ApiError(429, 'RATE_LIMITED', 'x', [], 900);
  t.is(errorTextWithWait(error), 'Too many attempts. Try again later. You can try again in 15 minutes.');
  t.is(errorTextWithWait(new ApiError(429, 'RATE_LIMITED', 'x', [], 30)), 'Too many attempts. Try again later. You can try again in 30 seconds.');
});

test('on an English page a message worded per request keeps its own words', (t) => {
  t.is(errorText(new ApiError(400, 'VALIDATION_ERROR', 'limit must be an integer between 1 and 100')), 'limit must be an integer between 1 and 100');
});
