// English words of the site's changelog pages; see index.ts.
export const changelog = {
  'changelog.intro': 'What is new, improved and fixed, and the ideas each change answers.',
  'changelog.loading': 'Loading the changelog',
  'changelog.empty': 'Nothing has shipped yet. Come back soon.',
  'changelog.showOlder': 'Show older updates',
  'changelog.allUpdates': 'All updates',
  'changelog.loadingEntry': 'Loading the update',
  'changelog.labelNew': 'New',
  'changelog.labelImproved': 'Improved',
  'changelog.labelFixed': 'Fixed',
  'changelog.draft': 'Draft',
  'changelog.scheduledFor': 'Scheduled for {date}',
  'changelog.ideasItAnswers': { one: 'The idea it answers', other: 'The ideas it answers' },
};
