/** Options of `feedbackd init` as commander stores them; undefined = not given. */
export interface InitFlags {
  data?: string;
  /** A PostgreSQL URL: the board is set up there, and the URL saved to config.json. */
  database?: string;
  siteTitle?: string;
  name?: string;
  email?: string;
  passwordFile?: string;
  passwordStdin?: boolean;
  smtpUrl?: string;
  mailOutbox?: boolean;
  publicUrl?: string;
  port?: string;
  yes?: boolean;
  /** true = --serve, false = --no-serve, undefined = ask (or not serve when not interactive). */
  serve?: boolean;
  /** Set up in an existing directory that holds other files and no feedbackd data. */
  force?: boolean;
}

/** The init flags that are configuration settings, for loadConfig (keyed as commander names them). */
export function settingFlagsOf(flags: InitFlags, dataDir: string | undefined): Record<string, unknown> {
  const { database, smtpUrl, mailOutbox, publicUrl, port } = flags;
  return { data: dataDir, database, smtpUrl, mailOutbox, publicUrl, port };
}

/** No prompt can be shown: --yes, --password-stdin (stdin is the password) or no terminal. */
export function canPrompt(flags: InitFlags, stdinIsTerminal: boolean): boolean {
  return stdinIsTerminal && flags.yes !== true && flags.passwordStdin !== true;
}
