// Package wasmjump rewrites the WebAssembly that Go's compiler emits for
// GOOS=js GOARCH=wasm so that forward jumps between basic blocks branch
// directly instead of going through the function's dispatch table.
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
// be entered. Backward jumps (loop back edges) keep going through the table.
//
// Rewrite also applies two exact peephole rules to Go's boolean tests (see
// peephole): a branch on a comparison, which Go emits as compare, widen to
// i64, test twice, becomes compare and br_if. make wasm-jitprof in session 8:
// 7229 -> 7009 V8 instructions per search node in the engine's packages.
//
// Measured in session 7 (node 20): engine/board's test binary has 31057 of
// 35389 jumps rewritten, 24132 of them as br_if; perft startpos depth 6 with
// every leaf made, CPU seconds of one side-by-side run, 11.17 -> 7.94, and
// Kiwipete depth 5 15.30 -> 12.31. make bench-instr (V8 machine instructions
// per search node): 8498 -> 7705 against 3825 natively, a wasm/native ratio
// of 0.450 -> 0.496. Figures and commands: engine/board/doc.go and
// docs/strength.md. Making the backward jumps direct too, by re-nesting loops
// inside the dispatch, gained nothing measurable (branch wasmopt).
package wasmjump
