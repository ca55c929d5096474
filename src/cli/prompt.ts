/** One question, in the subset of inquirer's shape feedbackd uses. */
export interface Question {
  type: 'input' | 'password' | 'confirm' | 'select';
  /** Stable name: tests stub answers by it. */
  name: string;
  message: string;
  default?: string | boolean;
  choices?: ReadonlyArray<{ name: string; value: string }>;
  /** true, or the message to show before asking again. */
  validate?: (value: string) => true | string;
}

/** Asks one question and resolves with the answer. */
export type Prompt = (question: Question) => Promise<unknown>;

/** Asks through inquirer, loaded on first use so that `serve` never pays for it. */
export const inquirerPrompt: Prompt = async (question) => {
  const { default: inquirer } = await import('inquirer');
  const mask = question.type === 'password' ? { mask: '*' } : {};
  // Question is a subset of inquirer's question union, which TypeScript cannot match member by member.
  const answers: Record<string, unknown> = await inquirer.prompt([{ ...question, ...mask }] as never);
  return answers[question.name];
};

/** Asks a text question; the answer as a string. */
export async function askText(prompt: Prompt, question: Question): Promise<string> {
  const answer = await prompt(question);
  return typeof answer === 'string' ? answer : String(answer ?? '');
}

/** Asks a yes/no question. */
export async function askConfirm(prompt: Prompt, question: Omit<Question, 'type'>): Promise<boolean> {
  return (await prompt({ ...question, type: 'confirm' })) === true;
}

/** true when the user stopped a prompt with Ctrl-C (inquirer's ExitPromptError). */
export function isPromptAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}
