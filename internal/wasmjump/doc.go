// Package wasmjump rewrites the WebAssembly that Go's compiler emits for
// GOOS=js GOARCH=wasm so that jumps between basic blocks branch directly
// instead of going through the function's dispatch table: every forward
// jump, and the backward jumps of loops that no resume point enters.
//
// Go compiles every function that has more than one basic block as
//
//	loop                           ;; entry loop
//	  block ... block              ;; one per resume point, N+1 in all
//	    local.get 0                ;; PC_B, the function's first parameter
//	    br_table <pc -> label>
//	  end  segment 0
//	  end  segment 1
//	  ...
//	  end  segment N
//	end
//
// (see cmd/internal/obj/wasm/wasmobj.go). Segment r starts right after the
// end of the block that br_table label r leaves. The runtime re-enters a
// function at a resume point by calling it with PC_B set, after a goroutine
// switch has unwound the WebAssembly stack. Go also emits every jump between
// basic blocks, forward or backward, as
//
//	i32.const <pc>  local.set 0  br <entry loop>
//
// so each taken branch goes back to the loop header and through the
// br_table: in V8 a loop stack check, a bounds check and an indirect jump that
// is often mispredicted. When the target segment lies ahead, its block is
// still open where the jump is, and a plain br to that block reaches the same
// code. Rewrite does exactly that, and turns the pattern Go emits for a
// conditional jump, if <jump> end, into one br_if. Nothing reads PC_B but the
// br_table at function entry, so leaving it unset on a direct branch changes
// nothing; the br_table and every block stay, so every resume point can still
// be entered (jumps.go).
//
// # Loops
//
// A backward jump (a loop's back edge) cannot reach an ended block. The loop
// pass (loops.go, loopemit.go) makes it a br to a WebAssembly loop where
// that needs nothing at run time: the runtime enters a function's br_table
// with PC_B = 0, with the return address of one of its calls after a
// goroutine switch, or at deferreturn after a recovered panic (entries.go
// reads these from the module), and after the forward pass no jump goes
// through the table forward. A loop, segments a..b with a jump from b back
// to a, whose segments none of these enter but one, its header h, and that
// nothing outside enters but at h, is written as
//
//	end                        ;; h's block in the dispatch: pc h lands here
//	loop                       ;; h's segment first, then the loop's others in
//	  block ... block          ;; Go's order from h on, then those before h
//	    segment h
//	  end  segment h+1 ...
//	end
//
// with the loop's other segments taken out of the dispatch's blocks (the
// br_table sends their pcs, which nothing uses any more, to an unreachable
// trap), a jump back to h as br to the loop, a jump to the loop's top a from
// after h (a loop Go rotated: h is the condition at its bottom) as br to a's
// block, and a fall-through that now lands elsewhere as an explicit br.
// Loops nest; a loop with a resume point inside (most loops with a call)
// or entered at two segments keeps its jump on the table, and of two loops
// that overlap the later one is made first and the other, if it can be,
// in a second pass around it. The passes run before the peephole rules.
// A new loop also gets a marker that keeps V8 from unrolling it
// (notInnermost), unless Options.Unroll; Options.NoLoops leaves backward
// jumps on the table.
//
// # Smaller rules
//
// After the jumps, Rewrite shortens patterns of Go's code that V8 compiles
// to more machine instructions than needed, each exact for every input
// (the narrow loads only differ for a load past the end of memory):
//
//   - peephole: a branch on a comparison (Go widens the i32 result to an
//     i64 boolean and tests it twice) becomes compare and br_if; SP + C
//     computed in i64 and wrapped becomes an i32 add; a 64-bit load that is
//     only wrapped becomes the 32-bit load of its low bytes; a return's two
//     stack pointer updates become one;
//   - narrow: other i64 arithmetic that is only wrapped to i32 (base +
//     index<<3) is computed in i32, so V8 needs no zero extension before
//     the address is used;
//   - unloop: an entry loop that nothing branches to any more (every jump
//     direct) becomes a block, so V8 compiles no loop for it.
//
// Options turns each pass off for comparisons (tools/wasmjump, OptionsFromEnv);
// builds use all or nothing (internal/wasmbuild). Gains: docs/wasm-speed.md.
//
// # Go releases
//
// The rewrite relies on shapes of Go's output no specification promises (the
// dispatch above, funcValueOffset, deferreturn at pc-1, sigpanic's br_if;
// entries.go). internal/wasmbuild rewrites only on a release in VerifiedGo,
// and the release build runs TestGoProgram first.
//
// Files: rewrite.go (Rewrite, Options, Stats: the passes in order), file.go
// (RewriteFile), verified.go (VerifiedGo), decode.go and leb.go (the shared
// decoder), entries.go (resume points), jumps.go (forward pass), loops.go
// and loopemit.go (loop pass), peephole.go, narrow.go, entryloop.go (unloop).
package wasmjump
