// GMP compiled to WebAssembly (the gmp-wasm npm package, LGPL-3.0, copied unchanged into ./gmp/ by build.py)
// for tables dealt by mental poker: modular powers and Jacobi symbols of 2048-bit numbers, about twice as fast
// as Python's pow() in Pyodide and the symbol fifteen times. Imported by web/bignum.py only when such a table
// starts or a room link is opened, so the home page never loads it. Numbers travel as hex strings that Python
// made; nothing here parses a peer's text.
let lib = null;

export async function load() {
  if (!lib) {
    const { init } = await import("./gmp/gmp.mjs");
    const { binding: b } = await init();
    const [x, e, m, r] = [b.mpz_t(), b.mpz_t(), b.mpz_t(), b.mpz_t()];
    for (const v of [x, e, m, r]) b.mpz_init(v);
    const set = (v, hex) => {
      if (b.mpz_set_string(v, hex, 16) !== 0) throw new Error("not a hex number");
    };
    lib = {
      powm(xs, es, ms) {
        set(x, xs); set(e, es); set(m, ms);
        b.mpz_powm(r, x, e, m);
        return b.mpz_to_string(r, 16);
      },
      jacobi(xs, ms) {
        set(x, xs); set(m, ms);
        return b.mpz_jacobi(x, m);
      },
    };
  }
  return lib;
}
