; instance 1: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!0 () Real)
(declare-fun vf_inv!1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x15 (<= 0.0 vf_sqrt!0)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x15)))))
(assert
 (let (($x17 (< 0.0 vf_sqrt!0)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x17)))))
(assert
 (let (($x27 (< 0.0 vf_inv!1)))
 (let (($x17 (< 0.0 vf_sqrt!0)))
 (=> $x17 $x27))))
(assert
 (let (($x29 (< vf_inv!1 0.0)))
 (let (($x30 (< vf_sqrt!0 0.0)))
 (=> $x30 $x29))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x24 (= vf_sqrt!0 0.0)))
 (not $x24)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x20 (* vf_sqrt!0 vf_sqrt!0)))
 (let (($x21 (= ?x20 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x21))))))
(assert
 (let ((?x33 (* vf_sqrt!0 vf_inv!1)))
 (let (($x34 (= ?x33 1.0)))
 (let (($x24 (= vf_sqrt!0 0.0)))
 (let (($x25 (not $x24)))
 (=> $x25 $x34))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x36 (* ?x23 vf_inv!1)))
 (let (($x48 (= ?x36 |x[0]|)))
 (not $x48)))))
(check-sat)
(reset)
; instance 2: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!4 () Real)
(declare-fun vf_inv!5 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x78 (<= 0.0 vf_sqrt!4)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x78)))))
(assert
 (let (($x128 (< 0.0 vf_sqrt!4)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x128)))))
(assert
 (let (($x80 (< 0.0 vf_inv!5)))
 (let (($x128 (< 0.0 vf_sqrt!4)))
 (=> $x128 $x80))))
(assert
 (let (($x54 (< vf_inv!5 0.0)))
 (let (($x104 (< vf_sqrt!4 0.0)))
 (=> $x104 $x54))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x74 (= vf_sqrt!4 0.0)))
 (not $x74)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x123 (* vf_sqrt!4 vf_sqrt!4)))
 (let (($x137 (= ?x123 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x137))))))
(assert
 (let ((?x71 (* vf_sqrt!4 vf_inv!5)))
 (let (($x75 (= ?x71 1.0)))
 (let (($x74 (= vf_sqrt!4 0.0)))
 (let (($x86 (not $x74)))
 (=> $x86 $x75))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x94 (* ?x88 vf_inv!5)))
 (let (($x56 (= ?x94 |x[0,0]|)))
 (not $x56)))))
(check-sat)
(reset)
; instance 3: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!8 () Real)
(declare-fun vf_inv!9 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x120 (<= 0.0 vf_sqrt!8)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x120)))))
(assert
 (let (($x140 (< 0.0 vf_sqrt!8)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x140)))))
(assert
 (let (($x90 (< 0.0 vf_inv!9)))
 (let (($x140 (< 0.0 vf_sqrt!8)))
 (=> $x140 $x90))))
(assert
 (let (($x69 (< vf_inv!9 0.0)))
 (let (($x58 (< vf_sqrt!8 0.0)))
 (=> $x58 $x69))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x144 (= vf_sqrt!8 0.0)))
 (not $x144)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x158 (* vf_sqrt!8 vf_sqrt!8)))
 (let (($x163 (= ?x158 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x163))))))
(assert
 (let ((?x61 (* vf_sqrt!8 vf_inv!9)))
 (let (($x70 (= ?x61 1.0)))
 (let (($x144 (= vf_sqrt!8 0.0)))
 (let (($x138 (not $x144)))
 (=> $x138 $x70))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x77 (* ?x100 vf_inv!9)))
 (let (($x125 (= ?x77 |x[0,0,0]|)))
 (not $x125)))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!12 () Real)
(declare-fun vf_inv!13 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x156 (<= 0.0 vf_sqrt!12)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x156)))))
(assert
 (let (($x166 (< 0.0 vf_sqrt!12)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x166)))))
(assert
 (let (($x179 (< 0.0 vf_inv!13)))
 (let (($x166 (< 0.0 vf_sqrt!12)))
 (=> $x166 $x179))))
(assert
 (let (($x143 (< vf_inv!13 0.0)))
 (let (($x66 (< vf_sqrt!12 0.0)))
 (=> $x66 $x143))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x67 (= vf_sqrt!12 0.0)))
 (not $x67)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x184 (* vf_sqrt!12 vf_sqrt!12)))
 (let (($x189 (= ?x184 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x189))))))
(assert
 (let ((?x141 (* vf_sqrt!12 vf_inv!13)))
 (let (($x116 (= ?x141 1.0)))
 (let (($x67 (= vf_sqrt!12 0.0)))
 (let (($x142 (not $x67)))
 (=> $x142 $x116))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x147 (* ?x73 vf_inv!13)))
 (let (($x99 (= ?x147 |x[0,0,0,0]|)))
 (not $x99)))))
(check-sat)
(reset)
; instance 5: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!16 () Real)
(declare-fun vf_inv!17 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x182 (<= 0.0 vf_sqrt!16)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x182)))))
(assert
 (let (($x207 (< 0.0 vf_sqrt!16)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x207)))))
(assert
 (let (($x136 (< 0.0 vf_inv!17)))
 (let (($x207 (< 0.0 vf_sqrt!16)))
 (=> $x207 $x136))))
(assert
 (let (($x202 (< vf_inv!17 0.0)))
 (let (($x196 (< vf_sqrt!16 0.0)))
 (=> $x196 $x202))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x87 (= vf_sqrt!16 0.0)))
 (not $x87)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x212 (* vf_sqrt!16 vf_sqrt!16)))
 (let (($x217 (= ?x212 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x217))))))
(assert
 (let ((?x107 (* vf_sqrt!16 vf_inv!17)))
 (let (($x129 (= ?x107 1.0)))
 (let (($x87 (= vf_sqrt!16 0.0)))
 (let (($x93 (not $x87)))
 (=> $x93 $x129))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x174 (* ?x23 vf_inv!17)))
 (let ((?x188 (* ?x174 |gamma[0]|)))
 (let (($x132 (= ?x188 |x[0]|)))
 (not $x132))))))
(check-sat)
(reset)
; instance 6: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!20 () Real)
(declare-fun vf_inv!21 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x133 (<= 0.0 vf_sqrt!20)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x133)))))
(assert
 (let (($x242 (< 0.0 vf_sqrt!20)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x242)))))
(assert
 (let (($x222 (< 0.0 vf_inv!21)))
 (let (($x242 (< 0.0 vf_sqrt!20)))
 (=> $x242 $x222))))
(assert
 (let (($x170 (< vf_inv!21 0.0)))
 (let (($x131 (< vf_sqrt!20 0.0)))
 (=> $x131 $x170))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x236 (= vf_sqrt!20 0.0)))
 (not $x236)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x231 (* vf_sqrt!20 vf_sqrt!20)))
 (let (($x246 (= ?x231 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x246))))))
(assert
 (let ((?x191 (* vf_sqrt!20 vf_inv!21)))
 (let (($x79 (= ?x191 1.0)))
 (let (($x236 (= vf_sqrt!20 0.0)))
 (let (($x102 (not $x236)))
 (=> $x102 $x79))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x173 (* ?x88 vf_inv!21)))
 (let ((?x135 (* ?x173 |gamma[0]|)))
 (let (($x126 (= ?x135 |x[0,0]|)))
 (not $x126))))))
(check-sat)
(reset)
; instance 7: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!24 () Real)
(declare-fun vf_inv!25 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x148 (<= 0.0 vf_sqrt!24)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x148)))))
(assert
 (let (($x249 (< 0.0 vf_sqrt!24)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x249)))))
(assert
 (let (($x225 (< 0.0 vf_inv!25)))
 (let (($x249 (< 0.0 vf_sqrt!24)))
 (=> $x249 $x225))))
(assert
 (let (($x221 (< vf_inv!25 0.0)))
 (let (($x122 (< vf_sqrt!24 0.0)))
 (=> $x122 $x221))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x167 (= vf_sqrt!24 0.0)))
 (not $x167)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x98 (* vf_sqrt!24 vf_sqrt!24)))
 (let (($x271 (= ?x98 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x271))))))
(assert
 (let ((?x251 (* vf_sqrt!24 vf_inv!25)))
 (let (($x227 (= ?x251 1.0)))
 (let (($x167 (= vf_sqrt!24 0.0)))
 (let (($x115 (not $x167)))
 (=> $x115 $x227))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x245 (* ?x100 vf_inv!25)))
 (let ((?x238 (* ?x245 |gamma[0]|)))
 (let (($x250 (= ?x238 |x[0,0,0]|)))
 (not $x250))))))
(check-sat)
(reset)
; instance 8: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!28 () Real)
(declare-fun vf_inv!29 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x161 (<= 0.0 vf_sqrt!28)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x161)))))
(assert
 (let (($x289 (< 0.0 vf_sqrt!28)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x289)))))
(assert
 (let (($x197 (< 0.0 vf_inv!29)))
 (let (($x289 (< 0.0 vf_sqrt!28)))
 (=> $x289 $x197))))
(assert
 (let (($x282 (< vf_inv!29 0.0)))
 (let (($x275 (< vf_sqrt!28 0.0)))
 (=> $x275 $x282))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x203 (= vf_sqrt!28 0.0)))
 (not $x203)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x268 (* vf_sqrt!28 vf_sqrt!28)))
 (let (($x290 (= ?x268 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x290))))))
(assert
 (let ((?x277 (* vf_sqrt!28 vf_inv!29)))
 (let (($x281 (= ?x277 1.0)))
 (let (($x203 (= vf_sqrt!28 0.0)))
 (let (($x215 (not $x203)))
 (=> $x215 $x281))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x248 (* ?x73 vf_inv!29)))
 (let ((?x267 (* ?x248 |gamma[0]|)))
 (let (($x270 (= ?x267 |x[0,0,0,0]|)))
 (not $x270))))))
(check-sat)
(reset)
; instance 9: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!32 () Real)
(declare-fun vf_inv!33 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x223 (<= 0.0 vf_sqrt!32)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x223)))))
(assert
 (let (($x295 (< 0.0 vf_sqrt!32)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x295)))))
(assert
 (let (($x234 (< 0.0 vf_inv!33)))
 (let (($x295 (< 0.0 vf_sqrt!32)))
 (=> $x295 $x234))))
(assert
 (let (($x253 (< vf_inv!33 0.0)))
 (let (($x204 (< vf_sqrt!32 0.0)))
 (=> $x204 $x253))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x216 (= vf_sqrt!32 0.0)))
 (not $x216)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x258 (* vf_sqrt!32 vf_sqrt!32)))
 (let (($x314 (= ?x258 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x314))))))
(assert
 (let ((?x306 (* vf_sqrt!32 vf_inv!33)))
 (let (($x305 (= ?x306 1.0)))
 (let (($x216 (= vf_sqrt!32 0.0)))
 (let (($x273 (not $x216)))
 (=> $x273 $x305))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x261 (* ?x23 vf_inv!33)))
 (let ((?x301 (+ ?x261 |beta[0]|)))
 (let (($x286 (= ?x301 |x[0]|)))
 (not $x286))))))
(check-sat)
(reset)
; instance 10: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!36 () Real)
(declare-fun vf_inv!37 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x313 (<= 0.0 vf_sqrt!36)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x313)))))
(assert
 (let (($x323 (< 0.0 vf_sqrt!36)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x323)))))
(assert
 (let (($x153 (< 0.0 vf_inv!37)))
 (let (($x323 (< 0.0 vf_sqrt!36)))
 (=> $x323 $x153))))
(assert
 (let (($x283 (< vf_inv!37 0.0)))
 (let (($x230 (< vf_sqrt!36 0.0)))
 (=> $x230 $x283))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x263 (= vf_sqrt!36 0.0)))
 (not $x263)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x160 (* vf_sqrt!36 vf_sqrt!36)))
 (let (($x334 (= ?x160 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x334))))))
(assert
 (let ((?x205 (* vf_sqrt!36 vf_inv!37)))
 (let (($x255 (= ?x205 1.0)))
 (let (($x263 (= vf_sqrt!36 0.0)))
 (let (($x92 (not $x263)))
 (=> $x92 $x255))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x233 (* ?x88 vf_inv!37)))
 (let ((?x155 (+ ?x233 |beta[0]|)))
 (let (($x198 (= ?x155 |x[0,0]|)))
 (not $x198))))))
(check-sat)
(reset)
; instance 11: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!40 () Real)
(declare-fun vf_inv!41 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x338 (<= 0.0 vf_sqrt!40)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x338)))))
(assert
 (let (($x333 (< 0.0 vf_sqrt!40)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x333)))))
(assert
 (let (($x308 (< 0.0 vf_inv!41)))
 (let (($x333 (< 0.0 vf_sqrt!40)))
 (=> $x333 $x308))))
(assert
 (let (($x322 (< vf_inv!41 0.0)))
 (let (($x300 (< vf_sqrt!40 0.0)))
 (=> $x300 $x322))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x331 (= vf_sqrt!40 0.0)))
 (not $x331)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x171 (* vf_sqrt!40 vf_sqrt!40)))
 (let (($x357 (= ?x171 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x357))))))
(assert
 (let ((?x219 (* vf_sqrt!40 vf_inv!41)))
 (let (($x296 (= ?x219 1.0)))
 (let (($x331 (= vf_sqrt!40 0.0)))
 (let (($x340 (not $x331)))
 (=> $x340 $x296))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x285 (* ?x100 vf_inv!41)))
 (let ((?x288 (+ ?x285 |beta[0]|)))
 (let (($x262 (= ?x288 |x[0,0,0]|)))
 (not $x262))))))
(check-sat)
(reset)
; instance 12: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!44 () Real)
(declare-fun vf_inv!45 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x361 (<= 0.0 vf_sqrt!44)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x361)))))
(assert
 (let (($x356 (< 0.0 vf_sqrt!44)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x356)))))
(assert
 (let (($x297 (< 0.0 vf_inv!45)))
 (let (($x356 (< 0.0 vf_sqrt!44)))
 (=> $x356 $x297))))
(assert
 (let (($x321 (< vf_inv!45 0.0)))
 (let (($x302 (< vf_sqrt!44 0.0)))
 (=> $x302 $x321))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x299 (= vf_sqrt!44 0.0)))
 (not $x299)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x329 (* vf_sqrt!44 vf_sqrt!44)))
 (let (($x380 (= ?x329 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x380))))))
(assert
 (let ((?x324 (* vf_sqrt!44 vf_inv!45)))
 (let (($x369 (= ?x324 1.0)))
 (let (($x299 (= vf_sqrt!44 0.0)))
 (let (($x247 (not $x299)))
 (=> $x247 $x369))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x337 (* ?x73 vf_inv!45)))
 (let ((?x352 (+ ?x337 |beta[0]|)))
 (let (($x276 (= ?x352 |x[0,0,0,0]|)))
 (not $x276))))))
(check-sat)
(reset)
; instance 13: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!48 () Real)
(declare-fun vf_inv!49 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x384 (<= 0.0 vf_sqrt!48)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x384)))))
(assert
 (let (($x379 (< 0.0 vf_sqrt!48)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x379)))))
(assert
 (let (($x265 (< 0.0 vf_inv!49)))
 (let (($x379 (< 0.0 vf_sqrt!48)))
 (=> $x379 $x265))))
(assert
 (let (($x260 (< vf_inv!49 0.0)))
 (let (($x345 (< vf_sqrt!48 0.0)))
 (=> $x345 $x260))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x252 (= vf_sqrt!48 0.0)))
 (not $x252)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x272 (* vf_sqrt!48 vf_sqrt!48)))
 (let (($x403 (= ?x272 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x403))))))
(assert
 (let ((?x336 (* vf_sqrt!48 vf_inv!49)))
 (let (($x309 (= ?x336 1.0)))
 (let (($x252 (= vf_sqrt!48 0.0)))
 (let (($x229 (not $x252)))
 (=> $x229 $x309))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x359 (* ?x23 vf_inv!49)))
 (let ((?x391 (* ?x359 |gamma[0]|)))
 (let ((?x292 (+ ?x391 |beta[0]|)))
 (let (($x256 (= ?x292 |x[0]|)))
 (not $x256)))))))
(check-sat)
(reset)
; instance 14: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!52 () Real)
(declare-fun vf_inv!53 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x363 (<= 0.0 vf_sqrt!52)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x363)))))
(assert
 (let (($x430 (< 0.0 vf_sqrt!52)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x430)))))
(assert
 (let (($x364 (< 0.0 vf_inv!53)))
 (let (($x430 (< 0.0 vf_sqrt!52)))
 (=> $x430 $x364))))
(assert
 (let (($x412 (< vf_inv!53 0.0)))
 (let (($x425 (< vf_sqrt!52 0.0)))
 (=> $x425 $x412))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x347 (= vf_sqrt!52 0.0)))
 (not $x347)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x418 (* vf_sqrt!52 vf_sqrt!52)))
 (let (($x431 (= ?x418 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x431))))))
(assert
 (let ((?x408 (* vf_sqrt!52 vf_inv!53)))
 (let (($x366 (= ?x408 1.0)))
 (let (($x347 (= vf_sqrt!52 0.0)))
 (let (($x398 (not $x347)))
 (=> $x398 $x366))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x399 (* ?x88 vf_inv!53)))
 (let ((?x375 (* ?x399 |gamma[0]|)))
 (let ((?x346 (+ ?x375 |beta[0]|)))
 (let (($x416 (= ?x346 |x[0,0]|)))
 (not $x416)))))))
(check-sat)
(reset)
; instance 15: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!56 () Real)
(declare-fun vf_inv!57 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x443 (<= 0.0 vf_sqrt!56)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x443)))))
(assert
 (let (($x444 (< 0.0 vf_sqrt!56)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x444)))))
(assert
 (let (($x439 (< 0.0 vf_inv!57)))
 (let (($x444 (< 0.0 vf_sqrt!56)))
 (=> $x444 $x439))))
(assert
 (let (($x339 (< vf_inv!57 0.0)))
 (let (($x310 (< vf_sqrt!56 0.0)))
 (=> $x310 $x339))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x312 (= vf_sqrt!56 0.0)))
 (not $x312)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x378 (* vf_sqrt!56 vf_sqrt!56)))
 (let (($x445 (= ?x378 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x445))))))
(assert
 (let ((?x410 (* vf_sqrt!56 vf_inv!57)))
 (let (($x413 (= ?x410 1.0)))
 (let (($x312 (= vf_sqrt!56 0.0)))
 (let (($x426 (not $x312)))
 (=> $x426 $x413))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x341 (* ?x100 vf_inv!57)))
 (let ((?x442 (* ?x341 |gamma[0]|)))
 (let ((?x411 (+ ?x442 |beta[0]|)))
 (let (($x432 (= ?x411 |x[0,0,0]|)))
 (not $x432)))))))
(check-sat)
(reset)
; instance 16: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = -1, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!60 () Real)
(declare-fun vf_inv!61 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x467 (<= 0.0 vf_sqrt!60)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x467)))))
(assert
 (let (($x460 (< 0.0 vf_sqrt!60)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x460)))))
(assert
 (let (($x382 (< 0.0 vf_inv!61)))
 (let (($x460 (< 0.0 vf_sqrt!60)))
 (=> $x460 $x382))))
(assert
 (let (($x394 (< vf_inv!61 0.0)))
 (let (($x464 (< vf_sqrt!60 0.0)))
 (=> $x464 $x394))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x461 (= vf_sqrt!60 0.0)))
 (not $x461)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x451 (* vf_sqrt!60 vf_sqrt!60)))
 (let (($x468 (= ?x451 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x468))))))
(assert
 (let ((?x371 (* vf_sqrt!60 vf_inv!61)))
 (let (($x465 (= ?x371 1.0)))
 (let (($x461 (= vf_sqrt!60 0.0)))
 (let (($x335 (not $x461)))
 (=> $x335 $x465))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x318 (* ?x73 vf_inv!61)))
 (let ((?x406 (* ?x318 |gamma[0]|)))
 (let ((?x421 (+ ?x406 |beta[0]|)))
 (let (($x474 (= ?x421 |x[0,0,0,0]|)))
 (not $x474)))))))
(check-sat)
(reset)
; instance 17: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!64 () Real)
(declare-fun vf_inv!65 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x477 (<= 0.0 vf_sqrt!64)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x477)))))
(assert
 (let (($x502 (< 0.0 vf_sqrt!64)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x502)))))
(assert
 (let (($x486 (< 0.0 vf_inv!65)))
 (let (($x502 (< 0.0 vf_sqrt!64)))
 (=> $x502 $x486))))
(assert
 (let (($x427 (< vf_inv!65 0.0)))
 (let (($x354 (< vf_sqrt!64 0.0)))
 (=> $x354 $x427))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x400 (= vf_sqrt!64 0.0)))
 (not $x400)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x483 (* vf_sqrt!64 vf_sqrt!64)))
 (let (($x503 (= ?x483 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x503))))))
(assert
 (let ((?x473 (* vf_sqrt!64 vf_inv!65)))
 (let (($x415 (= ?x473 1.0)))
 (let (($x400 (= vf_sqrt!64 0.0)))
 (let (($x387 (not $x400)))
 (=> $x387 $x415))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x423 (* ?x23 vf_inv!65)))
 (let (($x304 (= ?x423 |x[0]|)))
 (not $x304)))))
(check-sat)
(reset)
; instance 18: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!68 () Real)
(declare-fun vf_inv!69 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x402 (<= 0.0 vf_sqrt!68)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x402)))))
(assert
 (let (($x510 (< 0.0 vf_sqrt!68)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x510)))))
(assert
 (let (($x485 (< 0.0 vf_inv!69)))
 (let (($x510 (< 0.0 vf_sqrt!68)))
 (=> $x510 $x485))))
(assert
 (let (($x498 (< vf_inv!69 0.0)))
 (let (($x490 (< vf_sqrt!68 0.0)))
 (=> $x490 $x498))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x435 (= vf_sqrt!68 0.0)))
 (not $x435)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x504 (* vf_sqrt!68 vf_sqrt!68)))
 (let (($x484 (= ?x504 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x484))))))
(assert
 (let ((?x493 (* vf_sqrt!68 vf_inv!69)))
 (let (($x440 (= ?x493 1.0)))
 (let (($x435 (= vf_sqrt!68 0.0)))
 (let (($x433 (not $x435)))
 (=> $x433 $x440))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x452 (* ?x88 vf_inv!69)))
 (let (($x496 (= ?x452 |x[0,0]|)))
 (not $x496)))))
(check-sat)
(reset)
; instance 19: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!72 () Real)
(declare-fun vf_inv!73 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x470 (<= 0.0 vf_sqrt!72)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x470)))))
(assert
 (let (($x534 (< 0.0 vf_sqrt!72)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x534)))))
(assert
 (let (($x437 (< 0.0 vf_inv!73)))
 (let (($x534 (< 0.0 vf_sqrt!72)))
 (=> $x534 $x437))))
(assert
 (let (($x447 (< vf_inv!73 0.0)))
 (let (($x516 (< vf_sqrt!72 0.0)))
 (=> $x516 $x447))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x523 (= vf_sqrt!72 0.0)))
 (not $x523)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x519 (* vf_sqrt!72 vf_sqrt!72)))
 (let (($x521 (= ?x519 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x521))))))
(assert
 (let ((?x509 (* vf_sqrt!72 vf_inv!73)))
 (let (($x419 (= ?x509 1.0)))
 (let (($x523 (= vf_sqrt!72 0.0)))
 (let (($x501 (not $x523)))
 (=> $x501 $x419))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x349 (* ?x100 vf_inv!73)))
 (let (($x325 (= ?x349 |x[0,0,0]|)))
 (not $x325)))))
(check-sat)
(reset)
; instance 20: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!76 () Real)
(declare-fun vf_inv!77 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x429 (<= 0.0 vf_sqrt!76)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x429)))))
(assert
 (let (($x556 (< 0.0 vf_sqrt!76)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x556)))))
(assert
 (let (($x405 (< 0.0 vf_inv!77)))
 (let (($x556 (< 0.0 vf_sqrt!76)))
 (=> $x556 $x405))))
(assert
 (let (($x549 (< vf_inv!77 0.0)))
 (let (($x393 (< vf_sqrt!76 0.0)))
 (=> $x393 $x549))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x540 (= vf_sqrt!76 0.0)))
 (not $x540)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x550 (* vf_sqrt!76 vf_sqrt!76)))
 (let (($x543 (= ?x550 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x543))))))
(assert
 (let ((?x450 (* vf_sqrt!76 vf_inv!77)))
 (let (($x500 (= ?x450 1.0)))
 (let (($x540 (= vf_sqrt!76 0.0)))
 (let (($x370 (not $x540)))
 (=> $x370 $x500))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x536 (* ?x73 vf_inv!77)))
 (let (($x388 (= ?x536 |x[0,0,0,0]|)))
 (not $x388)))))
(check-sat)
(reset)
; instance 21: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!80 () Real)
(declare-fun vf_inv!81 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x404 (<= 0.0 vf_sqrt!80)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x404)))))
(assert
 (let (($x578 (< 0.0 vf_sqrt!80)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x578)))))
(assert
 (let (($x395 (< 0.0 vf_inv!81)))
 (let (($x578 (< 0.0 vf_sqrt!80)))
 (=> $x578 $x395))))
(assert
 (let (($x553 (< vf_inv!81 0.0)))
 (let (($x573 (< vf_sqrt!80 0.0)))
 (=> $x573 $x553))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x383 (= vf_sqrt!80 0.0)))
 (not $x383)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x572 (* vf_sqrt!80 vf_sqrt!80)))
 (let (($x565 (= ?x572 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x565))))))
(assert
 (let ((?x563 (* vf_sqrt!80 vf_inv!81)))
 (let (($x546 (= ?x563 1.0)))
 (let (($x383 (= vf_sqrt!80 0.0)))
 (let (($x571 (not $x383)))
 (=> $x571 $x546))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x355 (* ?x23 vf_inv!81)))
 (let ((?x566 (* ?x355 |gamma[0]|)))
 (let (($x454 (= ?x566 |x[0]|)))
 (not $x454))))))
(check-sat)
(reset)
; instance 22: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!84 () Real)
(declare-fun vf_inv!85 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x551 (<= 0.0 vf_sqrt!84)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x551)))))
(assert
 (let (($x610 (< 0.0 vf_sqrt!84)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x610)))))
(assert
 (let (($x604 (< 0.0 vf_inv!85)))
 (let (($x610 (< 0.0 vf_sqrt!84)))
 (=> $x610 $x604))))
(assert
 (let (($x594 (< vf_inv!85 0.0)))
 (let (($x538 (< vf_sqrt!84 0.0)))
 (=> $x538 $x594))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x542 (= vf_sqrt!84 0.0)))
 (not $x542)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x599 (* vf_sqrt!84 vf_sqrt!84)))
 (let (($x611 (= ?x599 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x611))))))
(assert
 (let ((?x589 (* vf_sqrt!84 vf_inv!85)))
 (let (($x587 (= ?x589 1.0)))
 (let (($x542 (= vf_sqrt!84 0.0)))
 (let (($x499 (not $x542)))
 (=> $x499 $x587))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x530 (* ?x88 vf_inv!85)))
 (let ((?x518 (* ?x530 |gamma[0]|)))
 (let (($x603 (= ?x518 |x[0,0]|)))
 (not $x603))))))
(check-sat)
(reset)
; instance 23: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!88 () Real)
(declare-fun vf_inv!89 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x564 (<= 0.0 vf_sqrt!88)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x564)))))
(assert
 (let (($x634 (< 0.0 vf_sqrt!88)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x634)))))
(assert
 (let (($x567 (< 0.0 vf_inv!89)))
 (let (($x634 (< 0.0 vf_sqrt!88)))
 (=> $x634 $x567))))
(assert
 (let (($x524 (< vf_inv!89 0.0)))
 (let (($x621 (< vf_sqrt!88 0.0)))
 (=> $x621 $x524))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x561 (= vf_sqrt!88 0.0)))
 (not $x561)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x616 (* vf_sqrt!88 vf_sqrt!88)))
 (let (($x635 (= ?x616 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x635))))))
(assert
 (let ((?x606 (* vf_sqrt!88 vf_inv!89)))
 (let (($x476 (= ?x606 1.0)))
 (let (($x561 (= vf_sqrt!88 0.0)))
 (let (($x575 (not $x561)))
 (=> $x575 $x476))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x615 (* ?x100 vf_inv!89)))
 (let ((?x584 (* ?x615 |gamma[0]|)))
 (let (($x623 (= ?x584 |x[0,0,0]|)))
 (not $x623))))))
(check-sat)
(reset)
; instance 24: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 0, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!92 () Real)
(declare-fun vf_inv!93 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x637 (<= 0.0 vf_sqrt!92)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x637)))))
(assert
 (let (($x640 (< 0.0 vf_sqrt!92)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x640)))))
(assert
 (let (($x526 (< 0.0 vf_inv!93)))
 (let (($x640 (< 0.0 vf_sqrt!92)))
 (=> $x640 $x526))))
(assert
 (let (($x633 (< vf_inv!93 0.0)))
 (let (($x642 (< vf_sqrt!92 0.0)))
 (=> $x642 $x633))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x570 (= vf_sqrt!92 0.0)))
 (not $x570)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x560 (* vf_sqrt!92 vf_sqrt!92)))
 (let (($x662 (= ?x560 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x662))))))
(assert
 (let ((?x554 (* vf_sqrt!92 vf_inv!93)))
 (let (($x646 (= ?x554 1.0)))
 (let (($x570 (= vf_sqrt!92 0.0)))
 (let (($x620 (not $x570)))
 (=> $x620 $x646))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x525 (* ?x73 vf_inv!93)))
 (let ((?x628 (* ?x525 |gamma[0]|)))
 (let (($x612 (= ?x628 |x[0,0,0,0]|)))
 (not $x612))))))
(check-sat)
(reset)
; instance 25: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!96 () Real)
(declare-fun vf_inv!97 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x558 (<= 0.0 vf_sqrt!96)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x558)))))
(assert
 (let (($x663 (< 0.0 vf_sqrt!96)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x663)))))
(assert
 (let (($x541 (< 0.0 vf_inv!97)))
 (let (($x663 (< 0.0 vf_sqrt!96)))
 (=> $x663 $x541))))
(assert
 (let (($x539 (< vf_inv!97 0.0)))
 (let (($x600 (< vf_sqrt!96 0.0)))
 (=> $x600 $x539))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x631 (= vf_sqrt!96 0.0)))
 (not $x631)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x607 (* vf_sqrt!96 vf_sqrt!96)))
 (let (($x682 (= ?x607 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x682))))))
(assert
 (let ((?x656 (* vf_sqrt!96 vf_inv!97)))
 (let (($x555 (= ?x656 1.0)))
 (let (($x631 (= vf_sqrt!96 0.0)))
 (let (($x586 (not $x631)))
 (=> $x586 $x555))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x639 (* ?x23 vf_inv!97)))
 (let ((?x666 (+ ?x639 |beta[0]|)))
 (let (($x609 (= ?x666 |x[0]|)))
 (not $x609))))))
(check-sat)
(reset)
; instance 26: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!100 () Real)
(declare-fun vf_inv!101 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x681 (<= 0.0 vf_sqrt!100)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x681)))))
(assert
 (let (($x691 (< 0.0 vf_sqrt!100)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x691)))))
(assert
 (let (($x693 (< 0.0 vf_inv!101)))
 (let (($x691 (< 0.0 vf_sqrt!100)))
 (=> $x691 $x693))))
(assert
 (let (($x679 (< vf_inv!101 0.0)))
 (let (($x585 (< vf_sqrt!100 0.0)))
 (=> $x585 $x679))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x622 (= vf_sqrt!100 0.0)))
 (not $x622)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x598 (* vf_sqrt!100 vf_sqrt!100)))
 (let (($x702 (= ?x598 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x702))))))
(assert
 (let ((?x463 (* vf_sqrt!100 vf_inv!101)))
 (let (($x529 (= ?x463 1.0)))
 (let (($x622 (= vf_sqrt!100 0.0)))
 (let (($x545 (not $x622)))
 (=> $x545 $x529))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x675 (* ?x88 vf_inv!101)))
 (let ((?x630 (+ ?x675 |beta[0]|)))
 (let (($x626 (= ?x630 |x[0,0]|)))
 (not $x626))))))
(check-sat)
(reset)
; instance 27: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!104 () Real)
(declare-fun vf_inv!105 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x706 (<= 0.0 vf_sqrt!104)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x706)))))
(assert
 (let (($x718 (< 0.0 vf_sqrt!104)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x718)))))
(assert
 (let (($x687 (< 0.0 vf_inv!105)))
 (let (($x718 (< 0.0 vf_sqrt!104)))
 (=> $x718 $x687))))
(assert
 (let (($x712 (< vf_inv!105 0.0)))
 (let (($x624 (< vf_sqrt!104 0.0)))
 (=> $x624 $x712))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x698 (= vf_sqrt!104 0.0)))
 (not $x698)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x701 (* vf_sqrt!104 vf_sqrt!104)))
 (let (($x724 (= ?x701 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x724))))))
(assert
 (let ((?x699 (* vf_sqrt!104 vf_inv!105)))
 (let (($x674 (= ?x699 1.0)))
 (let (($x698 (= vf_sqrt!104 0.0)))
 (let (($x697 (not $x698)))
 (=> $x697 $x674))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x713 (* ?x100 vf_inv!105)))
 (let ((?x661 (+ ?x713 |beta[0]|)))
 (let (($x466 (= ?x661 |x[0,0,0]|)))
 (not $x466))))))
(check-sat)
(reset)
; instance 28: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!108 () Real)
(declare-fun vf_inv!109 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x729 (<= 0.0 vf_sqrt!108)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x729)))))
(assert
 (let (($x741 (< 0.0 vf_sqrt!108)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x741)))))
(assert
 (let (($x683 (< 0.0 vf_inv!109)))
 (let (($x741 (< 0.0 vf_sqrt!108)))
 (=> $x741 $x683))))
(assert
 (let (($x705 (< vf_inv!109 0.0)))
 (let (($x692 (< vf_sqrt!108 0.0)))
 (=> $x692 $x705))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x736 (= vf_sqrt!108 0.0)))
 (not $x736)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x725 (* vf_sqrt!108 vf_sqrt!108)))
 (let (($x747 (= ?x725 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x747))))))
(assert
 (let ((?x660 (* vf_sqrt!108 vf_inv!109)))
 (let (($x739 (= ?x660 1.0)))
 (let (($x736 (= vf_sqrt!108 0.0)))
 (let (($x721 (not $x736)))
 (=> $x721 $x739))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x732 (* ?x73 vf_inv!109)))
 (let ((?x619 (+ ?x732 |beta[0]|)))
 (let (($x717 (= ?x619 |x[0,0,0,0]|)))
 (not $x717))))))
(check-sat)
(reset)
; instance 29: %x: (1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!112 () Real)
(declare-fun vf_inv!113 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x752 (<= 0.0 vf_sqrt!112)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x752)))))
(assert
 (let (($x748 (< 0.0 vf_sqrt!112)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x748)))))
(assert
 (let (($x668 (< 0.0 vf_inv!113)))
 (let (($x748 (< 0.0 vf_sqrt!112)))
 (=> $x748 $x668))))
(assert
 (let (($x588 (< vf_inv!113 0.0)))
 (let (($x761 (< vf_sqrt!112 0.0)))
 (=> $x761 $x588))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x667 (= vf_sqrt!112 0.0)))
 (not $x667)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x696 (* vf_sqrt!112 vf_sqrt!112)))
 (let (($x771 (= ?x696 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x771))))))
(assert
 (let ((?x709 (* vf_sqrt!112 vf_inv!113)))
 (let (($x602 (= ?x709 1.0)))
 (let (($x667 (= vf_sqrt!112 0.0)))
 (let (($x690 (not $x667)))
 (=> $x690 $x602))))))
(assert
 (let ((?x23 (- |x[0]| |mean[0]|)))
 (let ((?x636 (* ?x23 vf_inv!113)))
 (let ((?x617 (* ?x636 |gamma[0]|)))
 (let ((?x680 (+ ?x617 |beta[0]|)))
 (let (($x751 (= ?x680 |x[0]|)))
 (not $x751)))))))
(check-sat)
(reset)
; instance 30: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!116 () Real)
(declare-fun vf_inv!117 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x733 (<= 0.0 vf_sqrt!116)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x733)))))
(assert
 (let (($x788 (< 0.0 vf_sqrt!116)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x788)))))
(assert
 (let (($x750 (< 0.0 vf_inv!117)))
 (let (($x788 (< 0.0 vf_sqrt!116)))
 (=> $x788 $x750))))
(assert
 (let (($x785 (< vf_inv!117 0.0)))
 (let (($x784 (< vf_sqrt!116 0.0)))
 (=> $x784 $x785))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x763 (= vf_sqrt!116 0.0)))
 (not $x763)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x386 (* vf_sqrt!116 vf_sqrt!116)))
 (let (($x789 (= ?x386 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x789))))))
(assert
 (let ((?x781 (* vf_sqrt!116 vf_inv!117)))
 (let (($x746 (= ?x781 1.0)))
 (let (($x763 (= vf_sqrt!116 0.0)))
 (let (($x780 (not $x763)))
 (=> $x780 $x746))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x783 (* ?x88 vf_inv!117)))
 (let ((?x794 (* ?x783 |gamma[0]|)))
 (let ((?x782 (+ ?x794 |beta[0]|)))
 (let (($x792 (= ?x782 |x[0,0]|)))
 (not $x792)))))))
(check-sat)
(reset)
; instance 31: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!120 () Real)
(declare-fun vf_inv!121 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x574 (<= 0.0 vf_sqrt!120)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x574)))))
(assert
 (let (($x823 (< 0.0 vf_sqrt!120)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x823)))))
(assert
 (let (($x722 (< 0.0 vf_inv!121)))
 (let (($x823 (< 0.0 vf_sqrt!120)))
 (=> $x823 $x722))))
(assert
 (let (($x797 (< vf_inv!121 0.0)))
 (let (($x671 (< vf_sqrt!120 0.0)))
 (=> $x671 $x797))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x749 (= vf_sqrt!120 0.0)))
 (not $x749)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x756 (* vf_sqrt!120 vf_sqrt!120)))
 (let (($x824 (= ?x756 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x824))))))
(assert
 (let ((?x790 (* vf_sqrt!120 vf_inv!121)))
 (let (($x759 (= ?x790 1.0)))
 (let (($x749 (= vf_sqrt!120 0.0)))
 (let (($x744 (not $x749)))
 (=> $x744 $x759))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x796 (* ?x100 vf_inv!121)))
 (let ((?x664 (* ?x796 |gamma[0]|)))
 (let ((?x802 (+ ?x664 |beta[0]|)))
 (let (($x730 (= ?x802 |x[0,0,0]|)))
 (not $x730)))))))
(check-sat)
(reset)
; instance 32: %x: (1, 1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 0, out.center = 1, out.scale = 1
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!124 () Real)
(declare-fun vf_inv!125 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x814 (<= 0.0 vf_sqrt!124)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x814)))))
(assert
 (let (($x847 (< 0.0 vf_sqrt!124)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x847)))))
(assert
 (let (($x819 (< 0.0 vf_inv!125)))
 (let (($x847 (< 0.0 vf_sqrt!124)))
 (=> $x847 $x819))))
(assert
 (let (($x649 (< vf_inv!125 0.0)))
 (let (($x817 (< vf_sqrt!124 0.0)))
 (=> $x817 $x649))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x829 (= vf_sqrt!124 0.0)))
 (not $x829)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x775 (* vf_sqrt!124 vf_sqrt!124)))
 (let (($x848 (= ?x775 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x848))))))
(assert
 (let ((?x842 (* vf_sqrt!124 vf_inv!125)))
 (let (($x821 (= ?x842 1.0)))
 (let (($x829 (= vf_sqrt!124 0.0)))
 (let (($x839 (not $x829)))
 (=> $x839 $x821))))))
(assert
 (let ((?x73 (- |x[0,0,0,0]| |mean[0]|)))
 (let ((?x801 (* ?x73 vf_inv!125)))
 (let ((?x820 (* ?x801 |gamma[0]|)))
 (let ((?x753 (+ ?x820 |beta[0]|)))
 (let (($x816 (= ?x753 |x[0,0,0,0]|)))
 (not $x816)))))))
(check-sat)
(reset)
; instance 33: %x: (1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!128 () Real)
(declare-fun vf_inv!129 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x832 (<= 0.0 vf_sqrt!128)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x832)))))
(assert
 (let (($x871 (< 0.0 vf_sqrt!128)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x871)))))
(assert
 (let (($x843 (< 0.0 vf_inv!129)))
 (let (($x871 (< 0.0 vf_sqrt!128)))
 (=> $x871 $x843))))
(assert
 (let (($x844 (< vf_inv!129 0.0)))
 (let (($x755 (< vf_sqrt!128 0.0)))
 (=> $x755 $x844))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x686 (= vf_sqrt!128 0.0)))
 (not $x686)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x654 (* vf_sqrt!128 vf_sqrt!128)))
 (let (($x872 (= ?x654 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x872))))))
(assert
 (let ((?x809 (* vf_sqrt!128 vf_inv!129)))
 (let (($x772 (= ?x809 1.0)))
 (let (($x686 (= vf_sqrt!128 0.0)))
 (let (($x856 (not $x686)))
 (=> $x856 $x772))))))
(assert
 (let ((?x88 (- |x[0,0]| |mean[0]|)))
 (let ((?x846 (* ?x88 vf_inv!129)))
 (let (($x845 (= ?x846 |x[0,0]|)))
 (not $x845)))))
(check-sat)
(reset)
; instance 34: %x: (1, 1, 1), %gamma: (1), %beta: (1), %mean: (1), %var: (1); out.axis = 1, out.center = 0, out.scale = 0
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun $eps () Real)
(declare-fun |mean[0]| () Real)
(declare-fun |beta[0]| () Real)
(declare-fun |gamma[0]| () Real)
(declare-fun |var[0]| () Real)
(declare-fun vf_sqrt!132 () Real)
(declare-fun vf_inv!133 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (<= 0.0 $eps))
(assert
 (let (($x43 (= |mean[0]| 0.0)))
 (let (($x44 (and true $x43)))
 (let (($x40 (= |beta[0]| 0.0)))
 (let (($x41 (and true $x40)))
 (let (($x38 (= |gamma[0]| 1.0)))
 (let (($x39 (and true $x38)))
 (let (($x42 (and $x39 $x41)))
 (and $x42 $x44)))))))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x46 (= ?x11 1.0)))
 (and true $x46))))
(assert
 (let (($x858 (<= 0.0 vf_sqrt!132)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x858)))))
(assert
 (let (($x882 (< 0.0 vf_sqrt!132)))
 (let ((?x11 (+ |var[0]| $eps)))
 (let (($x18 (< 0.0 ?x11)))
 (=> $x18 $x882)))))
(assert
 (let (($x825 (< 0.0 vf_inv!133)))
 (let (($x882 (< 0.0 vf_sqrt!132)))
 (=> $x882 $x825))))
(assert
 (let (($x754 (< vf_inv!133 0.0)))
 (let (($x774 (< vf_sqrt!132 0.0)))
 (=> $x774 $x754))))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (<= 0.0 ?x11)))
(assert
 (let (($x859 (= vf_sqrt!132 0.0)))
 (not $x859)))
(assert
 (let ((?x11 (+ |var[0]| $eps)))
 (let ((?x860 (* vf_sqrt!132 vf_sqrt!132)))
 (let (($x881 (= ?x860 ?x11)))
 (let (($x13 (<= 0.0 ?x11)))
 (=> $x13 $x881))))))
(assert
 (let ((?x877 (* vf_sqrt!132 vf_inv!133)))
 (let (($x865 (= ?x877 1.0)))
 (let (($x859 (= vf_sqrt!132 0.0)))
 (let (($x869 (not $x859)))
 (=> $x869 $x865))))))
(assert
 (let ((?x100 (- |x[0,0,0]| |mean[0]|)))
 (let ((?x874 (* ?x100 vf_inv!133)))
 (let (($x793 (= ?x874 |x[0,0,0]|)))
 (not $x793)))))
(check-sat)
