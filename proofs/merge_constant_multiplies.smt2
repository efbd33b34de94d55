; instance 1: %x: (), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) c2))
; target side
(define-fun t!0 () Real (* x (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (), %c1: (), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) |c2[0]|))
; target side
(define-fun t!0 () Real (* x (* c1 |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 3: %x: (), %c1: (), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* x (* c1 |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* c1 |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* c1 |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 6: %x: (), %c1: (1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0]|) c2))
; target side
(define-fun t!0 () Real (* x (* |c1[0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 7: %x: (), %c1: (1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 8: %x: (), %c1: (1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 9: %x: (), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 10: %x: (), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 11: %x: (), %c1: (1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0]|) c2))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 12: %x: (), %c1: (1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 13: %x: (), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 14: %x: (), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 15: %x: (), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 16: %x: (), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 17: %x: (), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 18: %x: (), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 19: %x: (), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 20: %x: (), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 21: %x: (), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 22: %x: (), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 23: %x: (), %c1: (1, 1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 24: %x: (), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 25: %x: (), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x |c1[0,0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* x (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 26: %x: (1), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| c1) c2))
; target side
(define-fun t!0 () Real (* |x[0]| (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 27: %x: (1), %c1: (), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| c1) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* c1 |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 28: %x: (1), %c1: (), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| c1) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* c1 |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 29: %x: (1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| c1) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* c1 |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 30: %x: (1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| c1) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* c1 |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 31: %x: (1), %c1: (1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 32: %x: (1), %c1: (1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 33: %x: (1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 34: %x: (1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 35: %x: (1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 36: %x: (1), %c1: (1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 37: %x: (1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 38: %x: (1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 39: %x: (1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 40: %x: (1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 41: %x: (1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 42: %x: (1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 43: %x: (1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 44: %x: (1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 45: %x: (1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 46: %x: (1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 47: %x: (1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 48: %x: (1), %c1: (1, 1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 49: %x: (1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 50: %x: (1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0]| |c1[0,0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0]| (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 51: %x: (1, 1), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| c1) c2))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 52: %x: (1, 1), %c1: (), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| c1) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* c1 |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 53: %x: (1, 1), %c1: (), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| c1) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* c1 |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 54: %x: (1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| c1) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* c1 |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 55: %x: (1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| c1) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* c1 |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 56: %x: (1, 1), %c1: (1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 57: %x: (1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 58: %x: (1, 1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 59: %x: (1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 60: %x: (1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 61: %x: (1, 1), %c1: (1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 62: %x: (1, 1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 63: %x: (1, 1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 64: %x: (1, 1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 65: %x: (1, 1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 66: %x: (1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 67: %x: (1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 68: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 69: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 70: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 71: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 72: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 73: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 74: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 75: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0]| |c1[0,0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 76: %x: (1, 1, 1), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| c1) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 77: %x: (1, 1, 1), %c1: (), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| c1) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* c1 |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 78: %x: (1, 1, 1), %c1: (), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| c1) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* c1 |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 79: %x: (1, 1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| c1) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* c1 |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 80: %x: (1, 1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| c1) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* c1 |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 81: %x: (1, 1, 1), %c1: (1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 82: %x: (1, 1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 83: %x: (1, 1, 1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 84: %x: (1, 1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 85: %x: (1, 1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 86: %x: (1, 1, 1), %c1: (1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 87: %x: (1, 1, 1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 88: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 89: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 90: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 91: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 92: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 93: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 94: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 95: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 96: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 97: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 98: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 99: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 100: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0]| |c1[0,0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 101: %x: (1, 1, 1, 1), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| c1) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 102: %x: (1, 1, 1, 1), %c1: (), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| c1) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* c1 |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 103: %x: (1, 1, 1, 1), %c1: (), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| c1) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* c1 |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 104: %x: (1, 1, 1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| c1) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* c1 |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 105: %x: (1, 1, 1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| c1) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* c1 |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 106: %x: (1, 1, 1, 1), %c1: (1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 107: %x: (1, 1, 1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 108: %x: (1, 1, 1, 1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 109: %x: (1, 1, 1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 110: %x: (1, 1, 1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 111: %x: (1, 1, 1, 1), %c1: (1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 112: %x: (1, 1, 1, 1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 113: %x: (1, 1, 1, 1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 114: %x: (1, 1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 115: %x: (1, 1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 116: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 117: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 118: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 119: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 120: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 121: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0,0]|) c2))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0,0]| c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 122: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0,0]|) |c2[0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0,0]| |c2[0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 123: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0,0]|) |c2[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0,0]| |c2[0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 124: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0,0]|) |c2[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0,0]| |c2[0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 125: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |c2[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* |x[0,0,0,0]| |c1[0,0,0,0]|) |c2[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 29792: %x: (), %c1: (), %c2: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (* (* x c1) c2))
; target side
(define-fun t!0 () Real (* x (* c1 c2)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
