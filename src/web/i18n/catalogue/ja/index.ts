// The web app's words in ja, part by part as in ../en/.
import { account } from './account.js';
import { board } from './board.js';
import { changelog } from './changelog.js';
import { common } from './common.js';
import { errors } from './errors.js';
import { post } from './post.js';
import { widget } from './widget.js';

export default { ...common, ...board, ...post, ...account, ...changelog, ...widget, ...errors };
