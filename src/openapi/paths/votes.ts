/*
 * Votes (API.md §4.5): the caller's own vote, and a vote recorded or removed on behalf of another
 * user (behind the `voteOnBehalf` lab flag).
 */
import { answer, input, operation, type OperationSpec, type Paths, ref, uuid } from '../kit.js';
import { described, ignored, postIdPath } from './posts-fields.js';

const votersAnswer = answer({ voters: ref('Voters') });

const ownVoteBody = input(
  {
    postId: described(
      uuid,
      'The post. Absent, any value that is not a UUID string, an unknown post or one on a board hidden from the caller: 404 `POST_NOT_FOUND`.',
    ),
    userId: ignored('the voter is always the caller.'),
  },
  ['postId'],
);

const onBehalfPath: OperationSpec['pathParams'] = {
  ...postIdPath,
  user_id: {
    schema: uuid,
    description: 'The user the vote belongs to. Not a UUID: 400 `INVALID_USER_ID`; no such user: 404 `USER_NOT_FOUND`.',
  },
};

const onBehalfChecks =
  'Checks, in order: the post (404), the `voteOnBehalf` lab flag (403 `LABS_DISABLED` while it is off), the permission (403), `user_id` (400, then 404), then the vote itself. The request body is not read beyond the common JSON checks.';

export const votePaths: Paths = {
  '/votes': {
    post: operation('post', {
      id: 'addVote',
      summary: 'Vote on a post',
      description:
        'Records the caller’s vote on a post they can see; one vote per user and post (a second, even concurrent, gives 409 `VOTE_EXISTS`). Answers the post’s voters afterwards: the 6 newest votes (on a board with `view_voters: false`, only the caller’s own unless they hold `vote:assign`, API.md §8.9), the count, and the caller’s vote as `viewerVote`.',
      tag: 'Votes',
      section: '4.5.1',
      auth: 'required',
      permission: '`vote:create`',
      body: ownVoteBody,
      success: {
        201: { description: 'Voted; the post’s voters.', schema: votersAnswer },
      },
      errors: {
        404: ['POST_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
        409: ['VOTE_EXISTS'],
      },
    }),
    delete: operation('delete', {
      id: 'removeVote',
      summary: 'Take back a vote',
      description: 'Deletes the caller’s vote on a post they can see. Answers the post’s voters afterwards, with `viewerVote: null`.',
      tag: 'Votes',
      section: '4.5.2',
      auth: 'required',
      permission: '`vote:destroy`',
      body: ownVoteBody,
      success: {
        200: {
          description: 'Vote removed; the post’s voters.',
          schema: votersAnswer,
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'VOTE_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
      },
    }),
  },
  '/posts/{post_id}/votes/{user_id}': {
    post: operation('post', {
      id: 'addVoteOnBehalf',
      summary: 'Vote on behalf of a user',
      description:
        'Records a vote owned by another user (for example someone who asked by mail), when the `voteOnBehalf` lab is on. Answers the post’s voters (whose `viewerVote` is the caller’s own vote, not the target user’s) and the vote just made, with the target user (the shape LogChimp’s dashboard reads). ' +
        onBehalfChecks,
      tag: 'Votes',
      section: '4.5.3',
      auth: 'required',
      permission: '`vote:assign` + lab `voteOnBehalf`',
      pathParams: onBehalfPath,
      success: {
        201: {
          description: 'Voted for the user.',
          schema: answer({
            voters: ref('Voters'),
            vote: answer({ voteId: uuid, user: ref('PublicUser') }, 'The vote just made and the user it belongs to.'),
          }),
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'USER_NOT_FOUND'],
        403: ['LABS_DISABLED', 'NOT_ENOUGH_PERMISSION'],
        400: ['INVALID_USER_ID'],
        409: ['VOTE_EXISTS'],
      },
    }),
    delete: operation('delete', {
      id: 'removeVoteOnBehalf',
      summary: 'Remove a user’s vote on their behalf',
      description: `Deletes the vote the user has on the post, when the \`voteOnBehalf\` lab is on. Answers the post’s voters afterwards (\`viewerVote\` is the caller’s own vote). ${onBehalfChecks}`,
      tag: 'Votes',
      section: '4.5.4',
      auth: 'required',
      permission: '`vote:unassign` + lab `voteOnBehalf`',
      pathParams: onBehalfPath,
      success: {
        200: {
          description: 'Vote removed; the post’s voters.',
          schema: votersAnswer,
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'USER_NOT_FOUND', 'VOTE_NOT_FOUND'],
        403: ['LABS_DISABLED', 'NOT_ENOUGH_PERMISSION'],
        400: ['INVALID_USER_ID'],
      },
    }),
  },
};
