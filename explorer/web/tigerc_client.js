// tigerc_client.js - the page's side of worker.js: call(args, source, input) returns a
// promise of {status, stdout, stderr, ms}. stop() ends whatever is running by replacing
// the worker (the pending calls settle with status null).
export class TigercClient {
  constructor() {
    this.nextId = 0;
    this.spawn();
  }

  spawn() {
    this.pending = new Map();
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event) => {
      const settle = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      if (settle) settle(event.data);
    };
  }

  call(args, file, source, input = '') {
    const id = this.nextId++;
    return new Promise((settle) => {
      this.pending.set(id, settle);
      this.worker.postMessage({ id, args, file, source, input });
    });
  }

  stop() {
    this.worker.terminate();
    for (const settle of this.pending.values())
      settle({ status: null, stdout: '', stderr: 'stopped\n', ms: 0 });
    this.spawn();
  }
}
