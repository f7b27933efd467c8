// Command prog is wasmjump's end-to-end test program: loops, branches,
// goroutine switches inside loops (which unwind the WebAssembly stack and
// re-enter functions at their resume points), panics recovered inside loops,
// deep recursion (stack growth) and a sort. It prints results that must not
// depend on how the binary's jumps are encoded.
package main

import (
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"sort"
	"strings"
)

// collatz counts steps with a data-dependent loop and branches.
func collatz(n uint64) int {
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

// ping and pong hand a counter back and forth, each switch a goroutine
// switch in the middle of a loop.
func pingPong(rounds int) int {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			if v%3 == 0 {
				runtime.Gosched()
			}
			pong <- v + 1
		}
		close(pong)
	}()
	sum := 0
	for i := 0; i < rounds; i++ {
		ping <- i
		sum += <-pong
	}
	close(ping)
	for range pong {
	}
	return sum
}

// recovered indexes out of range on purpose in a loop and counts the
// recovered panics.
func recovered(xs []int) (n int) {
	for i := 0; i < 2*len(xs); i++ {
		func() {
			defer func() {
				if recover() != nil {
					n++
				}
			}()
			_ = xs[i]
		}()
	}
	return n
}

// depth recurses deep enough to grow the goroutine stack several times.
func depth(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	if n == 0 {
		return int(pad[0])
	}
	return depth(n-1) + int(pad[n%64]&1)
}

// serialise walks the set bits of pseudo-random bitboards as move
// generation does: tight loops without calls, one inside another.
//
//go:noinline
func serialise(seed uint64) (sum int) {
	for i := 0; i < 2000; i++ {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		for b := seed; b != 0; b &= b - 1 {
			sum += bits.TrailingZeros64(b) ^ i
		}
	}
	return sum
}

// labelled mixes continue, break, continue outer and break outer.
//
//go:noinline
func labelled(n int) (c int) {
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			switch {
			case (i*j)%7 == 3:
				continue outer
			case i+j > 3*n/2:
				break outer
			case j%5 == 0:
				continue
			}
			c += i ^ j
		}
	}
	return c
}

// selectSort sorts by picking the best of the rest, like a move picker.
//
//go:noinline
func selectSort(xs []int) {
	for i := range xs {
		best := i
		for j := i + 1; j < len(xs); j++ {
			if xs[j] > xs[best] {
				best = j
			}
		}
		xs[i], xs[best] = xs[best], xs[i]
	}
}

// midEntry is a loop entered in its middle.
//
//go:noinline
func midEntry(n int) (s int) {
	i := 0
	goto mid
top:
	s += i * i
	i++
mid:
	if i < n {
		goto top
	}
	return s
}

//go:noinline
func square(x int) int { return x * x }

// callLoop calls a function and yields to the other goroutines inside a
// loop: its resume points are inside the loop.
//
//go:noinline
func callLoop(n int) (s int) {
	for i := 0; i < n; i++ {
		s += square(i)
		if i%50 == 0 {
			runtime.Gosched()
		}
	}
	return s
}

// loops runs the loop kinds above; main runs it beside another goroutine.
func loops() string {
	xs := make([]int, 300)
	for i := range xs {
		xs[i] = (i * 7919) % 1009
	}
	selectSort(xs)
	return fmt.Sprint("loops ", serialise(0x9E3779B97F4A7C15), " ", labelled(60), " ", xs[0], xs[150], xs[299], " ", midEntry(1000), " ", callLoop(2000))
}

func main() {
	total := 0
	for i := uint64(1); i < 3000; i++ {
		total += collatz(i)
	}
	words := strings.Fields("the quick brown fox jumps over the lazy dog again and again")
	sort.Slice(words, func(i, j int) bool {
		if len(words[i]) != len(words[j]) {
			return len(words[i]) < len(words[j])
		}
		return words[i] < words[j]
	})
	results := make(chan string, 4)
	go func() { results <- fmt.Sprint("pingpong ", pingPong(500)) }()
	go func() { results <- loops() }()
	fmt.Println("collatz", total)
	fmt.Println("sorted", strings.Join(words, ","))
	fmt.Println("recovered", recovered(make([]int, 37)))
	fmt.Println("depth", depth(100000))
	r1, r2 := <-results, <-results
	if r1 > r2 {
		r1, r2 = r2, r1
	}
	fmt.Println(r1)
	fmt.Println(r2)
	fmt.Println(loops())
	if len(os.Args) > 1 {
		fmt.Println("args", strings.Join(os.Args[1:], " "))
	}
}
