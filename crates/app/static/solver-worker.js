// The solvers' Web Worker: loads the engine (worker.js and its wasm, built by Trunk beside the
// app), whose `main` then listens for the page's orders. Paths are relative to this script, so
// the app works under any path. The engine's exports stay reachable as `engine`, so that
// diagnostics (the soak test) can read its memory: its size and the bytes in use.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' }).then((exports) => {
  self.engine = exports;
});
