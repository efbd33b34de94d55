; instance 1: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt x (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) x))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt x (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) x))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0]|))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0]|))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0,0]|))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0,0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0,0,0]|))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt |x[0,0,0,0]| (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) |x[0,0,0,0]|))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (ite (fp.lt x (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) x))
(define-fun s!1 () (_ FloatingPoint 8 24) (ite (fp.lt s!0 (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) s!0))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (ite (fp.lt x (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000) x))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
