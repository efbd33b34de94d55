; instance 1: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE x (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE x x))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE |x[0]| (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE |x[0]| |x[0]|))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE |x[0,0]| (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE |x[0,0]| |x[0,0]|))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE |x[0,0,0]| (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE |x[0,0,0]| |x[0,0,0]|))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE |x[0,0,0,0]| (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE |x[0,0,0,0]| |x[0,0,0,0]|))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.mul RNE x (fp #b0 #b10000000 #b00000000000000000000000)))
; target side
(define-fun t!0 () (_ FloatingPoint 8 24) (fp.add RNE x x))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
