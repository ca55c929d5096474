const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Resolves with the first SIGINT or SIGTERM; a second one while stopping exits at once (code 1). */
export function waitForStopSignal(onForcedExit: () => void): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      for (const name of STOP_SIGNALS) process.off(name, stop);
      for (const name of STOP_SIGNALS) process.once(name, onForcedExit);
      resolve(signal);
    };
    for (const name of STOP_SIGNALS) process.on(name, stop);
  });
}
