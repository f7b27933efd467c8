// Command prog is wasmjump's end-to-end test program: loops, branches,
// goroutine switches inside loops (which unwind the WebAssembly stack and
// re-enter functions at their resume points), panics recovered inside loops,
// deep recursion (stack growth) and a sort. It prints results that must not
// depend on how the binary's jumps are encoded.
package main

import (
	"fmt"
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
	fmt.Println("collatz", total)
	fmt.Println("sorted", strings.Join(words, ","))
	fmt.Println("recovered", recovered(make([]int, 37)))
	fmt.Println("depth", depth(100000))
	fmt.Println(<-results)
	if len(os.Args) > 1 {
		fmt.Println("args", strings.Join(os.Args[1:], " "))
	}
}
