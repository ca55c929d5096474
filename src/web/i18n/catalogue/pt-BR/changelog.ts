import type { Translation } from '../translation.js';

export const changelog: Translation = {
};
