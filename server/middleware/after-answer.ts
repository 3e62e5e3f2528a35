import type Koa from 'koa';

export interface AfterAnswerOptions {
  /** Where a failure of deferred work goes (the app's log): the client has its answer already. */
  onError: (err: unknown) => void;
  /** Awaited before each piece of work starts (tests hold work back to look at the request alone). */
  gate?: () => Promise<void>;
}

/**
 * Work a route does only once its answer has been written (or the client went away), so that work
 * which happens for some inputs and not others cannot change how long the answer takes, nor hold
 * the database while it is being answered. `settled()` waits for everything started so far.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly options: AfterAnswerOptions) {}

  schedule(ctx: Koa.Context, work: () => Promise<void>): void {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const run = (async () => {
        await this.options.gate?.();
        await work();
      })()
        .catch((err) => this.options.onError(err))
        .finally(() => this.pending.delete(run));
      this.pending.add(run);
    };
    if (ctx.res.writableFinished || ctx.res.destroyed) start();
    else {
      ctx.res.once('finish', start);
      ctx.res.once('close', start);
    }
  }

  /** Resolves once every piece of work scheduled so far (and any it scheduled) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
