; instance 1: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun x () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a x) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a x) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0]| () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a |x[0]|) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a |x[0]|) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0]| () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a |x[0,0]|) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a |x[0,0]|) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0,0]| () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a |x[0,0,0]|) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a |x[0,0,0]|) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a |x[0,0,0,0]|) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a |x[0,0,0,0]|) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun $a () Real)
(declare-fun x () Real)
(declare-fun $b () Real)
; source side
(define-fun s!0 () Real (+ (* $a x) $b))
(define-fun s!1 () Real (ite (< s!0 0.0) 0.0 (ite (< 1.0 s!0) 1.0 s!0)))
; target side
(define-fun t!0 () Real (+ (* $a x) $b))
(define-fun t!1 () Real (ite (< t!0 0.0) 0.0 (ite (< 1.0 t!0) 1.0 t!0)))
; claims
(assert (not (= s!1 t!1)))
(check-sat)
