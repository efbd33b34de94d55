; instance 1: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ x 3.0))
(define-fun s!1 () Real (/ (* x (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ x 3.0))
(define-fun t!1 () Real (/ (* x (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ |x[0]| 3.0))
(define-fun s!1 () Real (/ (* |x[0]| (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ |x[0]| 3.0))
(define-fun t!1 () Real (/ (* |x[0]| (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ |x[0,0]| 3.0))
(define-fun s!1 () Real (/ (* |x[0,0]| (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ |x[0,0]| 3.0))
(define-fun t!1 () Real (/ (* |x[0,0]| (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ |x[0,0,0]| 3.0))
(define-fun s!1 () Real (/ (* |x[0,0,0]| (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ |x[0,0,0]| 3.0))
(define-fun t!1 () Real (/ (* |x[0,0,0]| (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ |x[0,0,0,0]| 3.0))
(define-fun s!1 () Real (/ (* |x[0,0,0,0]| (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ |x[0,0,0,0]| 3.0))
(define-fun t!1 () Real (/ (* |x[0,0,0,0]| (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 32: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ x 3.0))
(define-fun s!1 () Real (/ (* x (ite (< s!0 0.0) 0.0 (ite (< 6.0 s!0) 6.0 s!0))) 6.0))
; target side
(define-fun t!0 () Real (+ x 3.0))
(define-fun t!1 () Real (/ (* x (ite (< t!0 0.0) 0.0 (ite (< 6.0 t!0) 6.0 t!0))) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
