; instance 1: %x: (), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* x s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 2: %x: (), %s: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0]|)))
; source side
(define-fun s!0 () Real (* x |s[0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) |s[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 3: %x: (), %s: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0]|)))
; source side
(define-fun s!0 () Real (* x |s[0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) |s[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 4: %x: (), %s: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0]|)))
; source side
(define-fun s!0 () Real (* x |s[0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) |s[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 5: %x: (), %s: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0,0]|)))
; source side
(define-fun s!0 () Real (* x |s[0,0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) |s[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 6: %x: (1), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* |x[0]| s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0]| 0.0) 0.0 |x[0]|) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 7: %x: (1), %s: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0]|)))
; source side
(define-fun s!0 () Real (* |x[0]| |s[0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0]| 0.0) 0.0 |x[0]|) |s[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 8: %x: (1), %s: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0]| |s[0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0]| 0.0) 0.0 |x[0]|) |s[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 9: %x: (1), %s: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0]| |s[0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0]| 0.0) 0.0 |x[0]|) |s[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 10: %x: (1), %s: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0]| |s[0,0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0]| 0.0) 0.0 |x[0]|) |s[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 11: %x: (1, 1), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* |x[0,0]| s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0]| 0.0) 0.0 |x[0,0]|) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 12: %x: (1, 1), %s: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0]| |s[0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0]| 0.0) 0.0 |x[0,0]|) |s[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 13: %x: (1, 1), %s: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0]| |s[0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0]| 0.0) 0.0 |x[0,0]|) |s[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 14: %x: (1, 1), %s: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0]| |s[0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0]| 0.0) 0.0 |x[0,0]|) |s[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 15: %x: (1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0]| |s[0,0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0]| 0.0) 0.0 |x[0,0]|) |s[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 16: %x: (1, 1, 1), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* |x[0,0,0]| s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0]| 0.0) 0.0 |x[0,0,0]|) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 17: %x: (1, 1, 1), %s: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0]| |s[0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0]| 0.0) 0.0 |x[0,0,0]|) |s[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 18: %x: (1, 1, 1), %s: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0]| |s[0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0]| 0.0) 0.0 |x[0,0,0]|) |s[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 19: %x: (1, 1, 1), %s: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0]| |s[0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0]| 0.0) 0.0 |x[0,0,0]|) |s[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 20: %x: (1, 1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0]| |s[0,0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0]| 0.0) 0.0 |x[0,0,0]|) |s[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 21: %x: (1, 1, 1, 1), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0,0]| 0.0) 0.0 |x[0,0,0,0]|) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 22: %x: (1, 1, 1, 1), %s: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |s[0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0,0]| 0.0) 0.0 |x[0,0,0,0]|) |s[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 23: %x: (1, 1, 1, 1), %s: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |s[0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0,0]| 0.0) 0.0 |x[0,0,0,0]|) |s[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 24: %x: (1, 1, 1, 1), %s: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |s[0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0,0]| 0.0) 0.0 |x[0,0,0,0]|) |s[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 25: %x: (1, 1, 1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 |s[0,0,0,0]|)))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |s[0,0,0,0]|))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< |x[0,0,0,0]| 0.0) 0.0 |x[0,0,0,0]|) |s[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 962: %x: (), %s: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun s () Real)
(declare-fun x () Real)
; hypotheses
(assert true)
(assert (and true (< 0.0 s)))
; source side
(define-fun s!0 () Real (* x s))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 s!0))
; target side
(define-fun t!0 () Real (* (ite (< x 0.0) 0.0 x) s))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
