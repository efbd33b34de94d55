; instance 1: %x: (), %c: (); $sh = []
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* x c))
; target side
(define-fun t!0 () Real (* x c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (), %c: (); $sh = [1]
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* x c))
; target side
(define-fun t!0 () Real (* x c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1), %c: (); $sh = [1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1), %c: (); $sh = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1), %c: (); $sh = []
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 6: %x: (1, 1), %c: (); $sh = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 7: %x: (1, 1), %c: (); $sh = [1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 8: %x: (1, 1), %c: (); $sh = [1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 9: %x: (1, 1), %c: (); $sh = []
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 10: %x: (1, 1, 1), %c: (); $sh = [1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 11: %x: (1, 1, 1), %c: (); $sh = [1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 12: %x: (1, 1, 1), %c: (); $sh = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 13: %x: (1, 1, 1), %c: (); $sh = [1, 1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 14: %x: (1, 1, 1), %c: (); $sh = []
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 15: %x: (1, 1, 1, 1), %c: (); $sh = [1, 1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 16: %x: (1, 1, 1, 1), %c: (); $sh = [1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 17: %x: (1, 1, 1, 1), %c: (); $sh = [1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 18: %x: (1, 1, 1, 1), %c: (); $sh = []
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 19: %x: (2), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
(define-fun s!1 () Real (* |x[1]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
(define-fun t!1 () Real (* |x[1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 20: %x: (2), %c: (); $sh = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
(define-fun s!1 () Real (* |x[1]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
(define-fun t!1 () Real (* |x[1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 21: %x: (2), %c: (); $sh = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0]| c))
(define-fun s!1 () Real (* |x[1]| c))
; target side
(define-fun t!0 () Real (* |x[0]| c))
(define-fun t!1 () Real (* |x[1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 22: %x: (1, 2), %c: (); $sh = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 23: %x: (1, 2), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 24: %x: (1, 2), %c: (); $sh = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 25: %x: (1, 2), %c: (); $sh = [1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 26: %x: (1, 2), %c: (); $sh = [1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 27: %x: (2, 1), %c: (); $sh = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 28: %x: (2, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 29: %x: (2, 1), %c: (); $sh = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 30: %x: (2, 1), %c: (); $sh = [1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 31: %x: (2, 1), %c: (); $sh = [2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 32: %x: (1, 1, 2), %c: (); $sh = [1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 33: %x: (1, 1, 2), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 34: %x: (1, 1, 2), %c: (); $sh = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 35: %x: (1, 1, 2), %c: (); $sh = [2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 36: %x: (1, 1, 2), %c: (); $sh = [1, 1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 37: %x: (1, 1, 2), %c: (); $sh = [1, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 38: %x: (1, 2, 1), %c: (); $sh = [1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 39: %x: (1, 2, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 40: %x: (1, 2, 1), %c: (); $sh = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 41: %x: (1, 2, 1), %c: (); $sh = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 42: %x: (1, 2, 1), %c: (); $sh = [1, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 43: %x: (1, 2, 1), %c: (); $sh = [1, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 44: %x: (2, 1, 1), %c: (); $sh = [2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 45: %x: (2, 1, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 46: %x: (2, 1, 1), %c: (); $sh = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 47: %x: (2, 1, 1), %c: (); $sh = [1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 48: %x: (2, 1, 1), %c: (); $sh = [1, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 49: %x: (2, 1, 1), %c: (); $sh = [2, 1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 50: %x: (1, 1, 1, 2), %c: (); $sh = [1, 1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 51: %x: (1, 1, 1, 2), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 52: %x: (1, 1, 1, 2), %c: (); $sh = [1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 53: %x: (1, 1, 1, 2), %c: (); $sh = [2, 1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 54: %x: (1, 1, 2, 1), %c: (); $sh = [1, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 55: %x: (1, 1, 2, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 56: %x: (1, 1, 2, 1), %c: (); $sh = [1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 57: %x: (1, 1, 2, 1), %c: (); $sh = [1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 58: %x: (1, 1, 2, 1), %c: (); $sh = [1, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 59: %x: (1, 2, 1, 1), %c: (); $sh = [1, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 60: %x: (1, 2, 1, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 61: %x: (1, 2, 1, 1), %c: (); $sh = [2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 62: %x: (1, 2, 1, 1), %c: (); $sh = [1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 63: %x: (1, 2, 1, 1), %c: (); $sh = [1, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 64: %x: (2, 1, 1, 1), %c: (); $sh = [2, 1, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 65: %x: (2, 1, 1, 1), %c: (); $sh = [2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 66: %x: (2, 1, 1, 1), %c: (); $sh = [2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 67: %x: (2, 1, 1, 1), %c: (); $sh = [1, 1, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[1,0,0,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[1,0,0,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 68: %x: (2, 2), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
(declare-fun |x[1,0]| () Real)
(declare-fun |x[1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
(define-fun s!2 () Real (* |x[1,0]| c))
(define-fun s!3 () Real (* |x[1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
(define-fun t!2 () Real (* |x[1,0]| c))
(define-fun t!3 () Real (* |x[1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 69: %x: (2, 2), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
(declare-fun |x[1,0]| () Real)
(declare-fun |x[1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
(define-fun s!2 () Real (* |x[1,0]| c))
(define-fun s!3 () Real (* |x[1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
(define-fun t!2 () Real (* |x[1,0]| c))
(define-fun t!3 () Real (* |x[1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 70: %x: (2, 2), %c: (); $sh = [1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
(declare-fun |x[1,0]| () Real)
(declare-fun |x[1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
(define-fun s!2 () Real (* |x[1,0]| c))
(define-fun s!3 () Real (* |x[1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
(define-fun t!2 () Real (* |x[1,0]| c))
(define-fun t!3 () Real (* |x[1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 71: %x: (2, 2), %c: (); $sh = [2, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1]| () Real)
(declare-fun |x[1,0]| () Real)
(declare-fun |x[1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0]| c))
(define-fun s!1 () Real (* |x[0,1]| c))
(define-fun s!2 () Real (* |x[1,0]| c))
(define-fun s!3 () Real (* |x[1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0]| c))
(define-fun t!1 () Real (* |x[0,1]| c))
(define-fun t!2 () Real (* |x[1,0]| c))
(define-fun t!3 () Real (* |x[1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 72: %x: (1, 2, 2), %c: (); $sh = [1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 73: %x: (1, 2, 2), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 74: %x: (1, 2, 2), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 75: %x: (1, 2, 2), %c: (); $sh = [1, 4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 76: %x: (1, 2, 2), %c: (); $sh = [2, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 77: %x: (1, 2, 2), %c: (); $sh = [1, 1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 78: %x: (1, 2, 2), %c: (); $sh = [1, 2, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0]| c))
(define-fun s!3 () Real (* |x[0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0]| c))
(define-fun t!3 () Real (* |x[0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 79: %x: (2, 1, 2), %c: (); $sh = [2, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 80: %x: (2, 1, 2), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 81: %x: (2, 1, 2), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 82: %x: (2, 1, 2), %c: (); $sh = [1, 2, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 83: %x: (2, 1, 2), %c: (); $sh = [2, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,1]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,1]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,1]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 84: %x: (2, 2, 1), %c: (); $sh = [2, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 85: %x: (2, 2, 1), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 86: %x: (2, 2, 1), %c: (); $sh = [4, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 87: %x: (2, 2, 1), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 88: %x: (2, 2, 1), %c: (); $sh = [1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 89: %x: (2, 2, 1), %c: (); $sh = [1, 2, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 90: %x: (2, 2, 1), %c: (); $sh = [2, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,1,0]| () Real)
(declare-fun |x[1,0,0]| () Real)
(declare-fun |x[1,1,0]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0]| c))
(define-fun s!1 () Real (* |x[0,1,0]| c))
(define-fun s!2 () Real (* |x[1,0,0]| c))
(define-fun s!3 () Real (* |x[1,1,0]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| c))
(define-fun t!1 () Real (* |x[0,1,0]| c))
(define-fun t!2 () Real (* |x[1,0,0]| c))
(define-fun t!3 () Real (* |x[1,1,0]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 91: %x: (1, 1, 2, 2), %c: (); $sh = [1, 1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 92: %x: (1, 1, 2, 2), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 93: %x: (1, 1, 2, 2), %c: (); $sh = [1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 94: %x: (1, 1, 2, 2), %c: (); $sh = [1, 1, 4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 95: %x: (1, 1, 2, 2), %c: (); $sh = [2, 2, 1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 96: %x: (1, 1, 2, 2), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,0,1,0]| c))
(define-fun s!3 () Real (* |x[0,0,1,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,0,1,0]| c))
(define-fun t!3 () Real (* |x[0,0,1,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 97: %x: (1, 2, 1, 2), %c: (); $sh = [1, 2, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 98: %x: (1, 2, 1, 2), %c: (); $sh = [4]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 99: %x: (1, 2, 1, 2), %c: (); $sh = [2, 1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 100: %x: (1, 2, 1, 2), %c: (); $sh = [1, 2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 101: %x: (1, 2, 1, 2), %c: (); $sh = [2, 1, 2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 102: %x: (1, 2, 1, 2), %c: (); $sh = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert (and true true))
(assert true)
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| c))
(define-fun s!1 () Real (* |x[0,0,0,1]| c))
(define-fun s!2 () Real (* |x[0,1,0,0]| c))
(define-fun s!3 () Real (* |x[0,1,0,1]| c))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| c))
(define-fun t!1 () Real (* |x[0,0,0,1]| c))
(define-fun t!2 () Real (* |x[0,1,0,0]| c))
(define-fun t!3 () Real (* |x[0,1,0,1]| c))
; claims
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
