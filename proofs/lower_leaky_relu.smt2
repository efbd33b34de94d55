; instance 1: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun x () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< x 0.0) (* $a x) x))
; target side
(define-fun t!0 () Real (* x $a))
(define-fun t!1 () Real (ite (< t!0 x) x t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0]| () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< |x[0]| 0.0) (* $a |x[0]|) |x[0]|))
; target side
(define-fun t!0 () Real (* |x[0]| $a))
(define-fun t!1 () Real (ite (< t!0 |x[0]|) |x[0]| t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< |x[0,0]| 0.0) (* $a |x[0,0]|) |x[0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0]| $a))
(define-fun t!1 () Real (ite (< t!0 |x[0,0]|) |x[0,0]| t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< |x[0,0,0]| 0.0) (* $a |x[0,0,0]|) |x[0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0]| $a))
(define-fun t!1 () Real (ite (< t!0 |x[0,0,0]|) |x[0,0,0]| t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< |x[0,0,0,0]| 0.0) (* $a |x[0,0,0,0]|) |x[0,0,0,0]|))
; target side
(define-fun t!0 () Real (* |x[0,0,0,0]| $a))
(define-fun t!1 () Real (ite (< t!0 |x[0,0,0,0]|) |x[0,0,0,0]| t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun x () Real)
; hypotheses
(assert (and (<= 0.0 $a) (<= $a 1.0)))
; source side
(define-fun s!0 () Real (ite (< x 0.0) (* $a x) x))
; target side
(define-fun t!0 () Real (* x $a))
(define-fun t!1 () Real (ite (< t!0 x) x t!0))
; claims
(assert (not (= s!0 t!1)))
(check-sat)
