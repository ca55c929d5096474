import { readCannyApi } from './canny-api.js';
import { readCannyCsv } from './canny-csv.js';
import type { SourceReader } from './source-model.js';

/*
 * Canny (canny.io), read two ways:
 * - its REST API with the team's secret key (`--api-key-file`, `--api-url`): everything Canny
 *   holds that feedbackd takes: boards, categories and tags, posts, comments with replies and
 *   internal ones, votes, people, statuses and changelog entries (canny-api.ts);
 * - its posts CSV export when that is all a team has (the source argument): posts with their vote
 *   counts, no comments or voters (canny-csv.ts).
 *
 * Format sources (Canny is closed source, so no version of its code): its API reference page
 * (developers.canny.io/api-reference and canny.io/docs/api, undated copies: POST with a JSON body
 * carrying apiKey, boards with isPrivate, limit/skip paging with hasMore), the object schemas of
 * Airbyte's Canny connector (airbytehq/airbyte airbyte-integrations/connectors/source-canny/
 * manifest.yaml at commit 14bc46c2094d: every endpoint and field read here), and public clients
 * for users v2 with a cursor (hasNextPage, cursor) and the CSV's column names (see canny-csv.ts).
 * Texts are kept as Canny holds them: post details and comments are plain text with Markdown-like
 * marks, changelog entries come as Markdown (markdownDetails). Canny's ids are unique everywhere,
 * so `site` is ''.
 */
export const readCanny: SourceReader = (input) => (input.source === undefined ? readCannyApi(input) : readCannyCsv(input.source));
