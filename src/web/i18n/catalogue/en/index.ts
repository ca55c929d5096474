// The English source of the web app's words, one file per part of the site (so each part's words
// sit together, and each can be worked on alone). Keys are `<part>.<thing>`; a plural message is an
// object of Intl plural categories. Translations (../<locale>/) give the same keys in the same parts;
// the build fills any gap from here.
import { account } from './account.js';
import { board } from './board.js';
import { changelog } from './changelog.js';
import { common } from './common.js';
import { errors } from './errors.js';
import { post } from './post.js';
import { widget } from './widget.js';

export const en = { ...common, ...board, ...post, ...account, ...changelog, ...widget, ...errors };
