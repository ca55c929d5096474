import { addFieldCodes } from '../api/client.js';

// The field each refusal of a dashboard form belongs to (settings, boards, roadmaps, roles, changelog): kept
// out of the public site's bundle, added when the dashboard's code loads.
addFieldCodes({
  SITE_TITLE_TOO_LONG: 'title',
  INVALID_LOGO_URL: 'logo',
  LOGO_URL_TOO_LONG: 'logo',
  INVALID_ICON_URL: 'icon',
  ICON_URL_TOO_LONG: 'icon',
  INVALID_ACCENT_COLOR: 'accentColor',
  BOARD_NAME_MISSING: 'name',
  BOARD_NAME_TOO_LONG: 'name',
  BOARD_URL_MISSING: 'url',
  BOARD_URL_TOO_LONG: 'url',
  BOARD_URL_EXISTS: 'url',
  BOARD_COLOR_HEX_CHAR: 'color',
  BOARD_COLOR_HEX_LENGTH: 'color',
  ROADMAP_NAME_MISSING: 'name',
  ROADMAP_NAME_TOO_LONG: 'name',
  ROADMAP_URL_MISSING: 'url',
  ROADMAP_URL_TOO_LONG: 'url',
  ROADMAP_URL_EXISTS: 'url',
  ROADMAP_COLOR_HEX_CHAR: 'color',
  ROADMAP_COLOR_HEX_LENGTH: 'color',
  ROLE_NAME_MISSING: 'name',
  ROLE_NAME_TOO_LONG: 'name',
  ROLE_NAME_EXISTS: 'name',
  ROLE_DESCRIPTION_TOO_LONG: 'description',
  INVALID_PERMISSION: 'permissions',
  CHANGELOG_TITLE_MISSING: 'title',
  CHANGELOG_TITLE_TOO_LONG: 'title',
  CHANGELOG_CONTENT_TOO_LONG: 'contentMarkdown',
  // Only the changelog editor has these fields; other forms show these codes as form notices.
  POST_NOT_FOUND: 'postIds',
  ROADMAP_NOT_FOUND: 'moveToRoadmapId',
});
